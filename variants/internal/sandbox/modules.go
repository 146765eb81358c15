package sandbox

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/kalahlab/kalahlab/scripts"
)

// User helper libraries: require "NAME" loads, after the script library
// (scripts/lib/NAME.lua), DIR/NAME.lua or DIR/lib/NAME.lua (dots name folders: "a.b"
// is a/b.lua), DIR being the folder of the script being loaded and then the user scripts
// directory it was found in (SetModuleDirs). A module runs in the same sandbox and
// under the same time limit as the script that requires it. Names are letters, digits
// and _ separated by dots, so no name reaches outside those folders ("../x" and "/x"
// are refused), and a module file that is a link out of its folder is refused too.

// findModule returns the file name (for messages) and the source of module name.
func (v *VM) findModule(name string) (string, []byte, error) {
	if !modName.MatchString(name) {
		return "", nil, fmt.Errorf("%s; a module name is lower-case letters, digits and _ separated by dots, as in \"mancala\" or \"my.helpers\" (no paths)", v.requirable())
	}
	rel := strings.ReplaceAll(name, ".", "/") + ".lua"
	if src, err := fs.ReadFile(scripts.FS, "lib/"+rel); err == nil {
		return "scripts/lib/" + rel, src, nil
	}
	for _, dir := range v.moduleDirs {
		for _, sub := range []string{"", "lib"} {
			file := filepath.Join(dir, sub, filepath.FromSlash(rel))
			src, err := readInside(filepath.Join(dir, sub), file)
			if err == nil {
				return file, src, nil
			}
			if !errors.Is(err, fs.ErrNotExist) {
				return "", nil, err
			}
		}
	}
	return "", nil, fmt.Errorf("%s", v.requirable())
}

// readInside reads file, which must be inside dir once links are resolved.
func readInside(dir, file string) ([]byte, error) {
	st, err := os.Stat(file)
	if err != nil || st.IsDir() {
		return nil, fs.ErrNotExist
	}
	realDir, err1 := filepath.EvalSymlinks(dir)
	realFile, err2 := filepath.EvalSymlinks(file)
	if err1 != nil || err2 != nil {
		return nil, fs.ErrNotExist
	}
	if rel, err := filepath.Rel(realDir, realFile); err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return nil, fmt.Errorf("%s links outside %s: a module must be inside the folder it is found in", file, dir)
	}
	return os.ReadFile(file)
}

// requirable says what can be required: the library's modules and where user modules
// are looked for.
func (v *VM) requirable() string {
	msg := "only the script library can be required (want one of " + strings.Join(libModules(), ", ") + ")"
	if len(v.moduleDirs) == 0 {
		return msg
	}
	var where []string
	for _, d := range v.moduleDirs {
		where = append(where, filepath.Join(d, "NAME.lua"), filepath.Join(d, "lib", "NAME.lua"))
	}
	return msg + ", or a module of yours: " + strings.Join(where, ", ")
}

// libModules lists the modules require serves.
func libModules() []string {
	var out []string
	_ = fs.WalkDir(scripts.FS, "lib", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".lua") {
			out = append(out, strings.ReplaceAll(strings.TrimSuffix(strings.TrimPrefix(p, "lib/"), ".lua"), "/", "."))
		}
		return nil
	})
	sort.Strings(out)
	return out
}
