package core_test

import (
	"go/build"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestImportDirection keeps the rooms apart: core and the base games import only the
// standard library and core itself (no Lua, viper or cobra); only variants (and the
// packages beneath it, such as variants/internal/sandbox) imports gopher-lua; only cmd
// and config import viper; only cmd imports cobra; and no package imports testing
// outside its _test.go files.
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
			if imp == "testing" || strings.HasPrefix(imp, "testing/") {
				t.Errorf("%s imports %s outside its _test.go files: test helpers take a small interface (see core/coretest.TB)", rel, imp)
			}
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

// TestBinaryLinksNoTesting keeps test helpers out of the release binary: nothing that
// cmd/kalahlab links may import the testing package (or its subpackages) or testify.
// Code the CLI shares with the tests belongs in a plain package (core/contract holds
// the contract checks that `variants check` runs); core/coretest adds only the
// test-side reporting.
func TestBinaryLinksNoTesting(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH to list the binary's dependencies")
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	// One line per package: its path, then what it imports. -e lists the imports of a
	// package that does not build (go vet and the tests report that), so that only the
	// import graph decides this test.
	cmd := exec.Command(goTool, "list", "-e", "-deps", "-f", `{{.ImportPath}} {{join .Imports " "}}`, "./cmd/kalahlab")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		msg := ""
		if ee, ok := err.(*exec.ExitError); ok {
			msg = string(ee.Stderr)
		}
		t.Fatalf("go list -deps ./cmd/kalahlab: %v\n%s", err, msg)
	}
	testOnly := func(pkg string) bool {
		return pkg == "testing" || strings.HasPrefix(pkg, "testing/") || strings.HasPrefix(pkg, "github.com/stretchr/testify") ||
			pkg == "github.com/kalahlab/kalahlab/core/coretest"
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) < 2 {
		t.Fatalf("go list -deps ./cmd/kalahlab listed %d packages", len(lines))
	}
	for _, line := range lines {
		f := strings.Fields(line)
		for _, imp := range f[1:] {
			if testOnly(imp) && !testOnly(f[0]) {
				t.Errorf("%s imports %s, so the kalahlab binary links a test-only package", f[0], imp)
			}
		}
	}
}
