package main

import (
	"bufio"
	"bytes"
	"os"
	"strconv"
	"strings"
)

// machineMemory returns the memory this process may use, in bytes: the machine's
// physical memory (/proc/meminfo), or its control group's limit when lower (a
// container's, cgroup v2 or v1); false when neither can be read (not Linux).
func machineMemory() (int64, bool) {
	total, ok := memTotal("/proc/meminfo")
	for _, f := range []string{"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"} {
		data, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		n, err := strconv.ParseInt(strings.TrimSpace(string(data)), 10, 64)
		if err == nil && n > 0 && (!ok || n < total) { // "max" (no limit) does not parse
			total, ok = n, true
		}
	}
	return total, ok
}

// memTotal reads MemTotal from a meminfo file.
func memTotal(path string) (int64, bool) {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0, false
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) >= 2 && f[0] == "MemTotal:" {
			kb, err := strconv.ParseInt(f[1], 10, 64)
			return kb << 10, err == nil && kb > 0
		}
	}
	return 0, false
}
