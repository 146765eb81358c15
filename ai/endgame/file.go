package endgame

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"syscall"
	"time"

	"github.com/kalahlab/kalahlab/core/kalah"
)

// Endgame database files. Each level is a file of its own, so a database can grow a
// level at a time and every board with the same rules shares it (the seeds a house
// starts with do not matter: values depend on the houses alone):
//
//	DIR/kalah-6h-standard-owner/level-20.egdb
//
// A file is a 32-byte header and the level's bytes (see endgame.go): the magic
// "KLEGDB" and format version 2 (two bytes), houses a side, rule flags (1: empty
// capture, 2: discard the remaining seeds), the level's seeds in houses (uint16),
// the number of configurations (uint64), the CRC-32C of the bytes (uint32) and four
// zero bytes, all little-endian.

const magic = "KLEGDB\x00\x02"

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// ruleFlags encodes the rules a database depends on besides the houses.
func ruleFlags(sw *kalah.Sower) uint8 {
	var f uint8
	if sw.EmptyCapture() {
		f |= 1
	}
	if sw.Discard() {
		f |= 2
	}
	return f
}

// dirName names the directory of the databases of sw's rules.
func dirName(sw *kalah.Sower) string {
	capture, remaining := "standard", "owner"
	if sw.EmptyCapture() {
		capture = "empty-capture"
	}
	if sw.Discard() {
		remaining = "discard"
	}
	return fmt.Sprintf("kalah-%dh-%s-%s", sw.Houses(), capture, remaining)
}

// rulesText describes the rules of sw's databases for people.
func rulesText(sw *kalah.Sower) string {
	capture, remaining := "standard capture", "remaining seeds to their owner"
	if sw.EmptyCapture() {
		capture = "empty capture"
	}
	if sw.Discard() {
		remaining = "remaining seeds discarded"
	}
	return fmt.Sprintf("%d houses a side, %s, %s", sw.Houses(), capture, remaining)
}

// header is a level file's header.
func header(sw *kalah.Sower, k int, level []uint8) []byte {
	h := make([]byte, 32)
	copy(h, magic)
	h[8], h[9] = uint8(sw.Houses()), ruleFlags(sw)
	binary.LittleEndian.PutUint16(h[10:], uint16(k))
	binary.LittleEndian.PutUint64(h[12:], uint64(len(level)))
	binary.LittleEndian.PutUint32(h[20:], crc32.Checksum(level, castagnoli))
	return h
}

// store keeps the levels of one rule set in a directory.
type store struct {
	dir string // the rules' directory
	sw  *kalah.Sower
	log io.Writer
}

func (es *store) path(k int) string {
	return filepath.Join(es.dir, fmt.Sprintf("level-%02d.egdb", k))
}

func (es *store) logf(format string, args ...any) {
	if es.log != nil {
		fmt.Fprintf(es.log, format+"\n", args...)
	}
}

// errNoLevel reports a level file that is not there.
var errNoLevel = errors.New("no such level")

// errUnreadable marks a level file that could not be opened (not a damaged one): the
// directory itself is at fault, so the store stops using it.
var errUnreadable = errors.New("cannot read")

// checkDir refuses a database directory that is a file, or lies under one: the
// nearest part of dir that exists must be a directory (the missing rest is created
// when the first level is saved). Other trouble (permissions) is left to the reads and
// writes, which report it once and keep the database in memory.
func checkDir(dir string) error {
	for p := filepath.Clean(dir); ; {
		fi, err := os.Stat(p)
		if err == nil {
			if fi.IsDir() {
				return nil
			}
			if p == filepath.Clean(dir) {
				return fmt.Errorf("solve: the endgame database directory %s is a file; want a directory (created when missing)", dir)
			}
			return fmt.Errorf("solve: the endgame database directory %s lies under %s, a file; want a directory (created when missing)", dir, p)
		}
		parent := filepath.Dir(p)
		if (!errors.Is(err, fs.ErrNotExist) && !errors.Is(err, syscall.ENOTDIR)) || parent == p {
			return nil
		}
		p = parent
	}
}

// load reads level k into a fresh level of size configurations.
func (es *store) load(k, size int) ([]uint8, func(), error) {
	f, err := os.Open(es.path(k))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil, errNoLevel
	}
	if err != nil {
		return nil, nil, fmt.Errorf("%w: %w", errUnreadable, err)
	}
	defer f.Close()
	head := make([]byte, 32)
	if _, err := io.ReadFull(f, head); err != nil {
		return nil, nil, fmt.Errorf("header: %w", err)
	}
	if !bytes.Equal(head[:8], []byte(magic)) {
		return nil, nil, errors.New("not a kalahlab endgame database of this format version")
	}
	if n, fl, kk := int(head[8]), head[9], int(binary.LittleEndian.Uint16(head[10:])); n != es.sw.Houses() || fl != ruleFlags(es.sw) || kk != k {
		return nil, nil, fmt.Errorf("holds %d houses, rule flags %d, %d seeds; want %d, %d, %d", n, fl, kk, es.sw.Houses(), ruleFlags(es.sw), k)
	}
	if c := binary.LittleEndian.Uint64(head[12:]); c != uint64(size) {
		return nil, nil, fmt.Errorf("holds %d configurations, want %d", c, size)
	}
	_, level, free := levelBytes(size)
	if _, err := io.ReadFull(f, level); err != nil {
		free()
		return nil, nil, fmt.Errorf("truncated: %w", err)
	}
	if extra, _ := f.Read(make([]byte, 1)); extra > 0 {
		free()
		return nil, nil, errors.New("longer than its header says")
	}
	if crc32.Checksum(level, castagnoli) != binary.LittleEndian.Uint32(head[20:]) {
		free()
		return nil, nil, errors.New("checksum mismatch: the file is damaged")
	}
	return level, free, nil
}

// save writes level k beside the others, through a temporary file renamed into place
// so that a reader (or a second solver building the same level) never sees half a
// file.
func (es *store) save(k int, level []uint8) error {
	if err := os.MkdirAll(es.dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(es.dir, fmt.Sprintf("level-%02d.*.tmp", k))
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // after a successful rename, nothing to remove
	if _, err := tmp.Write(header(es.sw, k, level)); err != nil {
		tmp.Close()
		return err
	}
	if _, err := tmp.Write(level); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil { // a cache others may read
		return err
	}
	return os.Rename(tmp.Name(), es.path(k))
}

// ErrStopped is the error of Open when its stop function asked it to stop.
var ErrStopped = errors.New("the endgame database build was stopped")

// Open returns the levels 0..maxK of sw's rules: each read from dir when a
// sound file is there, else built from the levels below and saved there. A dir that
// is a file (or lies under one) is an error, reported before any work. A damaged file
// is rebuilt (reported to log, nil: quiet, once a file); a directory that cannot be
// read or written only costs the reading or saving (reported once). dir "" keeps
// everything in memory. When stop (checked now and then) says so, it returns
// ErrStopped; the levels finished by then stay saved. free releases the levels.
//
// Solves in one process that open the same database at once (a study's cells, say)
// share it: the first one reads or builds it, the others wait for it and take the same
// levels, released when the last one frees them.
func Open(dir string, sw *kalah.Sower, maxK int, log io.Writer, stop func() bool) ([][]uint8, func(), error) {
	if dir == "" {
		return open(dir, sw, maxK, log, stop)
	}
	key := fmt.Sprintf("%s\x00%s\x00%d", filepath.Clean(dir), dirName(sw), maxK)
	openMu.Lock()
	sh := opened[key]
	if sh == nil {
		sh = &sharedLevels{}
		opened[key] = sh
	}
	sh.refs++
	openMu.Unlock()
	sh.mu.Lock()
	defer sh.mu.Unlock()
	if sh.levels == nil {
		levels, free, err := open(dir, sw, maxK, log, stop)
		if err != nil {
			release(key, sh)
			return nil, nil, err
		}
		sh.levels, sh.free = levels, free
	}
	var once sync.Once
	return sh.levels, func() { once.Do(func() { release(key, sh) }) }, nil
}

// sharedLevels is a database that solves of one process share (Open).
type sharedLevels struct {
	mu     sync.Mutex // held while the first one opens it
	levels [][]uint8
	free   func()
	refs   int // under openMu
}

var (
	openMu sync.Mutex
	opened = map[string]*sharedLevels{}
)

// release drops a reference to sh, freeing its levels with the last one.
func release(key string, sh *sharedLevels) {
	openMu.Lock()
	defer openMu.Unlock()
	if sh.refs--; sh.refs > 0 {
		return
	}
	delete(opened, key)
	if sh.free != nil {
		sh.free()
		sh.levels, sh.free = nil, nil
	}
}

// DefaultDir is where endgame databases are kept between runs unless told otherwise
// (kalahlab solve's --endgame-dir, and a study's solves): the user's cache directory's
// kalahlab/endgame, "" when the system names none.
func DefaultDir() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "kalahlab", "endgame")
}

// open is Open without the sharing.
func open(dir string, sw *kalah.Sower, maxK int, log io.Writer, stop func() bool) ([][]uint8, func(), error) {
	es := &store{sw: sw, log: log}
	if dir != "" {
		if err := checkDir(dir); err != nil {
			return nil, nil, err
		}
		es.dir = filepath.Join(dir, dirName(sw))
	}
	rk := NewWordRanker(sw.Houses(), maxK)
	sides := sideConfigs(rk, sw.Houses(), maxK)
	levels := make([][]uint8, maxK+1)
	var frees []func()
	free := func() {
		for _, f := range frees {
			f()
		}
	}
	building, readFailed, saveFailed := false, false, false
	t0 := time.Now()
	for k := 0; k <= maxK; k++ {
		size := rk.size[k]
		if es.dir != "" && !readFailed {
			level, f, err := es.load(k, size)
			switch {
			case err == nil:
				levels[k] = level
				frees = append(frees, f)
				continue
			case errors.Is(err, errNoLevel):
			case errors.Is(err, errUnreadable):
				readFailed = true
				es.logf("endgame: %v; the database is built in memory", err)
			default:
				es.logf("endgame: %s: %v; rebuilding it", es.path(k), err)
			}
		}
		if !building && size > 1<<20 {
			building = true
			where := "in memory for this solve"
			if es.dir != "" && !readFailed {
				where = "into " + es.dir + ", once"
			}
			es.logf("endgame: building the database for %s, up to %d seeds in houses, %s (the largest level has %d configurations)",
				rulesText(sw), maxK, where, rk.size[maxK])
		}
		words, level, f := levelBytes(size)
		frees = append(frees, f)
		tk := time.Now()
		if !buildLevel(sw, rk, sides, levels[:k], k, words, stop) {
			free()
			return nil, nil, ErrStopped
		}
		levels[k] = level
		if size > 1<<20 {
			es.logf("endgame: level %d: %d configurations in %.1f s", k, size, time.Since(tk).Seconds())
		}
		if es.dir != "" && !saveFailed && !readFailed {
			if err := es.save(k, level); err != nil {
				saveFailed = true
				es.logf("endgame: cannot save to %s (%v); the database stays in memory", es.dir, err)
			}
		}
	}
	if building {
		es.logf("endgame: built in %.1f s", time.Since(t0).Seconds())
	}
	return levels, free, nil
}
