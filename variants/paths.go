package variants

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// # Where scripts may be read from
//
// This file is the one place that decides which files a name may load. A name resolves
// to the embedded catalogue (the base games and scripts/...), or to a .lua file that
// lies, once its path is cleaned and its links are followed (filepath.EvalSymlinks),
// inside one of the allowed roots:
//
//   - the user scripts directory (Options.ScriptsDir: --scripts, the config's scripts
//     key or KALAHLAB_SCRIPTS);
//   - the folder of a script the user named themselves: a .lua path given to Lookup,
//     WithHouseRules or LoadScript with Options.Confined false (--variant ./my.lua on
//     their own command line, a path in their own config file). That file may be
//     anywhere; its folder joins the roots for that lookup, so that its extends and
//     require may reach its neighbours.
//
// Everything else is confined to the roots: every extends and require; every file found
// by walking the scripts directory or by a name in it (a link out of it is refused);
// and, with Options.Confined, the name itself: what a web request, a game record (its
// variant, house_rules and script.path) or any file other than the user's own command
// line names. A name of a script in the scripts directory is a slash path without "..",
// so "../../outside/rule" never leaves it. A refused file is never read, so no error
// shows any of its content.

// ErrOutside marks a script path that resolves outside the allowed folders.
var ErrOutside = errors.New("outside the folders scripts may be read from")

// root is a folder scripts may be read from: as given (for messages) and with its
// links resolved (for the check).
type root struct {
	dir, real string
	own       bool // the folder of a script the user named (not the scripts directory)
}

// realPath is path made absolute, cleaned and with its links resolved ("" when it does
// not exist or cannot be resolved).
func realPath(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		return ""
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return ""
	}
	return real
}

// within reports whether the resolved path p is dir or inside it.
func within(dir, p string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// rootsOf returns the allowed roots of opt: the scripts directory, when set.
func rootsOf(opt Options) []root {
	if opt.ScriptsDir == "" {
		return nil
	}
	real := realPath(opt.ScriptsDir)
	if real == "" { // a folder that does not exist holds nothing: nothing passes
		return []root{{dir: opt.ScriptsDir}}
	}
	return []root{{dir: opt.ScriptsDir, real: real}}
}

// trust adds the folder of file, a script the user named themselves, to the roots.
func (r *resolver) trust(file string) {
	dir := filepath.Dir(file)
	real := realPath(dir)
	for _, ro := range r.roots {
		if ro.real != "" && ro.real == real {
			return
		}
	}
	r.roots = append(r.roots, root{dir: dir, real: real, own: true})
}

// allowed reports whether dir is inside one of the roots, links resolved.
func (r *resolver) allowed(dir string) bool {
	real := realPath(dir)
	if real == "" {
		return false
	}
	for _, ro := range r.roots {
		if ro.real != "" && within(ro.real, real) {
			return true
		}
	}
	return false
}

// check refuses a script file that is outside the roots (links resolved) before it is
// read. A file that does not exist is left to the reader, whose error names it.
func (r *resolver) check(file string) error {
	if _, err := os.Lstat(file); errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	real := realPath(file)
	if real != "" {
		for _, ro := range r.roots {
			if ro.real != "" && within(ro.real, real) {
				return nil
			}
		}
	}
	what := "is"
	if st, err := os.Lstat(file); err == nil && st.Mode()&fs.ModeSymlink != 0 && r.allowed(filepath.Dir(file)) {
		what = "is a link to a file"
	}
	return fmt.Errorf("variant script %s %s %w: %s", file, what, ErrOutside, r.allowedText())
}

// allowedText says which folders scripts may come from.
func (r *resolver) allowedText() string {
	var dirs []string
	for _, ro := range r.roots {
		if ro.own {
			dirs = append(dirs, "the folder of the script you named")
		} else {
			dirs = append(dirs, "the scripts directory "+ro.dir)
		}
	}
	if len(dirs) == 0 {
		return "only the built-in scripts, as no scripts directory is set (--scripts DIR, the config's scripts key or KALAHLAB_SCRIPTS); " +
			"a web request, a game record, an extends or a house rule may name no file of yours"
	}
	return "the built-in scripts and " + strings.Join(dirs, " and ") +
		"; a web request, a game record, an extends or a house rule may name only scripts there (links followed)"
}

// scriptsFile returns the file of the scripts directory that a name such as my/rule
// means (DIR/my/rule.lua), or "" when name is not such a name: a slash path without
// "." or ".." elements, not absolute.
func scriptsFile(dir, name string) string {
	if dir == "" || !fs.ValidPath(name+".lua") || strings.Contains(name, `\`) {
		return ""
	}
	return filepath.Join(dir, filepath.FromSlash(name)+".lua")
}

// moduleDirs are the folders a user script's require may look in after the library:
// its own folder when that is inside the roots, then the scripts directory.
func (r *resolver) moduleDirs(dir string) []string {
	var dirs []string
	if r.allowed(dir) {
		dirs = append(dirs, dir)
	}
	if sd := r.opt.ScriptsDir; sd != "" && filepath.Clean(sd) != filepath.Clean(dir) {
		dirs = append(dirs, sd)
	}
	return dirs
}
