package core_test

import (
	"go/build"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestImportDirection keeps the rooms apart: core and the base games import only the
// standard library and core itself (no Lua, viper or cobra); only variants imports
// gopher-lua; only cmd and config import viper; only cmd imports cobra.
func TestImportDirection(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	const mod = "github.com/kalahlab/kalahlab/"
	rules := []struct {
		forbidden, allowedIn string
	}{
		{"github.com/yuin/gopher-lua", "variants"},
		{"github.com/spf13/viper", "cmd config"},
		{"github.com/spf13/cobra", "cmd"},
	}
	err = filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		if strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" {
			return filepath.SkipDir
		}
		pkg, err := build.ImportDir(path, 0)
		if err != nil {
			return nil // no Go files here
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		top := strings.Split(rel, "/")[0]
		for _, imp := range pkg.Imports {
			if strings.HasPrefix(rel, "core") && strings.Contains(imp, ".") && !strings.HasPrefix(imp, mod+"core") {
				t.Errorf("%s imports %s: core packages import the standard library and core only", rel, imp)
			}
			for _, r := range rules {
				if strings.HasPrefix(imp, r.forbidden) && !strings.Contains(" "+r.allowedIn+" ", " "+top+" ") {
					t.Errorf("%s imports %s (allowed only in %s)", rel, imp, r.allowedIn)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
