package weburl_test

import (
	"go/ast"
	"go/doc"
	"go/doc/comment"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestDocLinks checks that every doc link of the module's packages, [Name]
// or [pkg.Name] in a doc comment, resolves to a declared name: go doc and
// pkg.go.dev show an unresolved one as plain text in brackets.
func TestDocLinks(t *testing.T) {
	dirs := []string{"."}
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		// The packages of this module; bench and weburlbeam are modules of
		// their own, with their own tests.
		if e.IsDir() && e.Name() != "testdata" && e.Name() != "bench" && e.Name() != "weburlbeam" && !strings.HasPrefix(e.Name(), ".") {
			filepath.WalkDir(e.Name(), func(path string, d os.DirEntry, err error) error {
				if err == nil && d.IsDir() && d.Name() != "testdata" {
					dirs = append(dirs, path)
				}
				return err
			})
		}
	}
	// A doc link candidate: brackets around a name, after the start of the
	// text, a space or punctuation, and before the end, a space or
	// punctuation (s[i] is no link).
	unresolved := regexp.MustCompile(`(^|[\s(,;:"'])(\[\*?[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*\])($|[\s.,;:!?)"'])`)
	checked := 0
	for _, dir := range dirs {
		fset := token.NewFileSet()
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		pkgs := map[string][]*ast.File{} // by package name
		for _, e := range entries {
			if e.IsDir() || !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, filepath.Join(dir, e.Name()), nil, parser.ParseComments)
			if err != nil {
				t.Fatal(err)
			}
			pkgs[f.Name.Name] = append(pkgs[f.Name.Name], f)
		}
		for name, files := range pkgs {
			dp, err := doc.NewFromFiles(fset, files, "github.com/weburl/weburl/"+dir, doc.PreserveAST)
			if err != nil {
				t.Fatal(err)
			}
			p := dp.Parser()
			for _, f := range files {
				for _, cg := range docComments(f) {
					text := cg.Text()
					if !strings.Contains(text, "[") {
						continue
					}
					checked++
					for _, block := range p.Parse(text).Content {
						for _, s := range plainTexts(block) {
							for _, m := range unresolved.FindAllStringSubmatch(s, -1) {
								t.Errorf("%s: %q is no doc link: it names nothing in package %s or its imports",
									fset.Position(cg.Pos()), m[2], name)
							}
						}
					}
				}
			}
		}
	}
	if checked < 50 {
		t.Errorf("only %d comments with brackets in %v", checked, dirs)
	}
}

// docComments returns the doc comments of f, which go doc shows: of the
// package, its declarations, and their fields and specs.
func docComments(f *ast.File) []*ast.CommentGroup {
	var cgs []*ast.CommentGroup
	add := func(cg ...*ast.CommentGroup) {
		for _, c := range cg {
			if c != nil {
				cgs = append(cgs, c)
			}
		}
	}
	add(f.Doc)
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncDecl:
			add(n.Doc)
			return false
		case *ast.GenDecl:
			add(n.Doc)
		case *ast.TypeSpec:
			add(n.Doc, n.Comment)
		case *ast.ValueSpec:
			add(n.Doc, n.Comment)
		case *ast.Field:
			add(n.Doc, n.Comment)
		}
		return true
	})
	return cgs
}

// plainTexts returns the plain text of a block of a parsed doc comment,
// where an unresolved link stays.
func plainTexts(b comment.Block) []string {
	var out []string
	var text func([]comment.Text)
	text = func(ts []comment.Text) {
		for _, x := range ts {
			switch x := x.(type) {
			case comment.Plain:
				out = append(out, string(x))
			case *comment.Link:
				text(x.Text)
			}
		}
	}
	switch b := b.(type) {
	case *comment.Paragraph:
		text(b.Text)
	case *comment.Heading:
		text(b.Text)
	case *comment.List:
		for _, item := range b.Items {
			for _, c := range item.Content {
				out = append(out, plainTexts(c)...)
			}
		}
	}
	return out
}
