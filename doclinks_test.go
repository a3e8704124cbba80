package weburl_test

import (
	"go/ast"
	"go/doc"
	"go/doc/comment"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/weburl/weburl"
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

// TestFileMaps checks that the file map of each package that has one (in
// its doc.go, after "The files of the package") names every file of the
// package, and no file it does not have.
func TestFileMaps(t *testing.T) {
	named := regexp.MustCompile(`[A-Za-z0-9_]+\.go\b`)
	for _, dir := range []string{".", "canon", "links", "urlpattern"} {
		data, err := os.ReadFile(filepath.Join(dir, "doc.go"))
		if err != nil {
			t.Fatal(err)
		}
		_, fileMap, ok := strings.Cut(string(data), "// The files of the package")
		if !ok {
			t.Errorf("%s/doc.go has no file map", dir)
			continue
		}
		inMap := map[string]bool{}
		for _, name := range named.FindAllString(fileMap, -1) {
			inMap[name] = true
		}
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			name := e.Name()
			if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
				continue
			}
			if !inMap[name] {
				t.Errorf("%s/doc.go's file map does not name %s", dir, name)
			}
			delete(inMap, name)
		}
		for name := range inMap {
			if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
				t.Errorf("%s/doc.go's file map names %s, which the package does not have", dir, name)
			}
		}
	}
}

// TestURLMethodGroups checks that the URL type's documentation, which
// groups its methods by what they are for, names every one of them.
func TestURLMethodGroups(t *testing.T) {
	src, err := os.ReadFile("url.go")
	if err != nil {
		t.Fatal(err)
	}
	doc, _, ok := strings.Cut(string(src), "\ntype URL struct")
	if !ok {
		t.Fatal("url.go has no type URL")
	}
	typ := reflect.TypeFor[*weburl.URL]()
	for i := range typ.NumMethod() {
		if name := typ.Method(i).Name; !strings.Contains(doc, "[URL."+name+"]") {
			t.Errorf("the URL type's documentation does not name [URL.%s] among its methods", name)
		}
	}
}
