package sdkgen

// What Pulumi's Go generator (codegen/go) leaves untyped or unidiomatic, and this generator
// completes after it:
//
//   - A union of object types (a `oneOf` of `$ref`s: a Strategy's rule items, a trigger config's
//     scopes) is a bare pulumi.Input (pulumi.ArrayInput for a list of them) in codegen/go, so any
//     value compiles, a string included. Here each such union gets an interface that only its
//     members' Args and Output types implement (`RuleInput`, with `RuleArray` and
//     `RuleArrayInput` for a list), and the Args field takes it: a value of another type fails
//     `go build`.
//   - A field is named after its property by upper-casing the first letter only, so a property
//     named by the service in snake_case (`followed_dev_new_token_created`) becomes
//     `Followed_dev_new_token_created`, and the schema has no per-property Go name. Here such
//     identifiers become Pascal case (`FollowedDevNewTokenCreated`); the struct tags, which name
//     the property on the wire, stay as generated.
//
// Both edits work on the syntax tree of the generated files and fail when the generated code is
// not what they expect (another generator version), rather than write a half-typed SDK.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"path"
	"sort"
	"strings"
	"text/template"

	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
)

// goUnion is one union of object types the Go SDK types: the Args struct and field holding it,
// its interface's name and its members' Go type names.
type goUnion struct {
	Owner   string // the Go type holding the field: StrategyArgs, TriggerConfigsArgs
	Field   string // the field's Go name (after renames)
	Name    string // the interface is <Name>Input; a list's are <Name>Array and <Name>ArrayInput
	List    bool
	Members []string // BooleanRuleItem, …: <Member>Args and <Member>Output implement the interface
	Where   string   // the property, for the doc comments: Strategy's rules
}

// specProperty is what the edits read of a property spec.
type specProperty struct {
	Ref   string         `json:"$ref"`
	Type  string         `json:"type"`
	OneOf []specProperty `json:"oneOf"`
	Items *specProperty  `json:"items"`
}

type specShape struct {
	Resources map[string]struct {
		InputProperties map[string]specProperty `json:"inputProperties"`
	} `json:"resources"`
	Types map[string]struct {
		Properties map[string]specProperty `json:"properties"`
	} `json:"types"`
	Functions map[string]json.RawMessage `json:"functions"`
}

// pascal is a snake_case property name in Go's Pascal case: followed_dev_new_token_created →
// FollowedDevNewTokenCreated.
func pascal(name string) string {
	parts := strings.Split(name, "_")
	for i, p := range parts {
		parts[i] = gogen.Title(p)
	}
	return strings.Join(parts, "")
}

func tokenName(tok string) string {
	return gogen.Title(tok[strings.LastIndex(tok, ":")+1:])
}

// objectMembers are the Go names of a oneOf's members when every member is an object type.
func objectMembers(p specProperty, types map[string]bool) []string {
	if len(p.OneOf) == 0 {
		return nil
	}
	members := []string{}
	for _, m := range p.OneOf {
		tok := strings.TrimPrefix(m.Ref, "#/types/")
		if m.Ref == "" || !types[tok] {
			return nil
		}
		members = append(members, tokenName(tok))
	}
	return members
}

// goPlan reads from the schema which identifiers to rename and which unions to type.
func goPlan(schemaJSON []byte) (map[string]string, []goUnion, error) {
	var spec specShape
	if err := json.Unmarshal(schemaJSON, &spec); err != nil {
		return nil, nil, err
	}
	objects := map[string]bool{}
	var raw struct {
		Types map[string]struct {
			Type string `json:"type"`
		} `json:"types"`
	}
	if err := json.Unmarshal(schemaJSON, &raw); err != nil {
		return nil, nil, err
	}
	for tok, t := range raw.Types {
		objects[tok] = t.Type == "object"
	}

	renames := map[string]string{}
	addRenames := func(props map[string]specProperty) {
		for name := range props {
			if strings.Contains(name, "_") {
				renames[gogen.Title(name)] = pascal(name)
			}
		}
	}
	var unions []goUnion
	addUnions := func(owner, where string, props map[string]specProperty) {
		for _, name := range sortedKeys(props) {
			p := props[name]
			field := pascal(name)
			if members := objectMembers(p, objects); members != nil {
				unions = append(unions, goUnion{Owner: owner, Field: field, Name: field, Members: members,
					Where: fmt.Sprintf("%s's %s", where, name)})
			} else if p.Type == "array" && p.Items != nil {
				if members := objectMembers(*p.Items, objects); members != nil {
					unions = append(unions, goUnion{Owner: owner, Field: field, Name: strings.TrimSuffix(field, "s"),
						List: true, Members: members, Where: fmt.Sprintf("%s's %s", where, name)})
				}
			}
		}
	}
	for _, tok := range sortedKeys(spec.Resources) {
		props := spec.Resources[tok].InputProperties
		addRenames(props)
		addUnions(tokenName(tok)+"Args", tokenName(tok), props)
	}
	for _, tok := range sortedKeys(spec.Types) {
		props := spec.Types[tok].Properties
		addRenames(props)
		addUnions(tokenName(tok)+"Args", tokenName(tok), props)
	}
	return renames, unions, nil
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// applyGoIdioms edits the generated Go files of the package in dir (strategyalerts) and adds
// the file of the union interfaces.
func applyGoIdioms(files map[string][]byte, schemaJSON []byte, dir, pkgName string) error {
	renames, unions, err := goPlan(schemaJSON)
	if err != nil {
		return err
	}
	names := []string{}
	for name := range files {
		if path.Dir(name) == dir && strings.HasSuffix(name, ".go") {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	declared := map[string]bool{}
	typed := map[string]bool{}
	argsTypes := map[string]bool{}
	for _, name := range names {
		fset := token.NewFileSet()
		file, err := parser.ParseFile(fset, name, files[name], parser.ParseComments)
		if err != nil {
			return fmt.Errorf("reading the generated %s: %w", name, err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if to, ok := renames[id.Name]; ok {
					id.Name = to
				}
			}
			return true
		})
		for _, decl := range file.Decls {
			gen, ok := decl.(*ast.GenDecl)
			if !ok {
				continue
			}
			for _, s := range gen.Specs {
				ts, ok := s.(*ast.TypeSpec)
				if !ok {
					continue
				}
				declared[ts.Name.Name] = true
				st, ok := ts.Type.(*ast.StructType)
				if !ok {
					continue
				}
				argsTypes[ts.Name.Name] = true
				for _, u := range unions {
					if u.Owner != ts.Name.Name {
						continue
					}
					if err := retypeField(st, u); err != nil {
						return fmt.Errorf("%s: %w", name, err)
					}
					typed[u.Owner+"."+u.Field] = true
				}
			}
		}
		var out bytes.Buffer
		if err := format.Node(&out, fset, file); err != nil {
			return fmt.Errorf("writing the edited %s: %w", name, err)
		}
		files[name] = out.Bytes()
	}
	kept := []goUnion{}
	for _, u := range unions {
		if !argsTypes[u.Owner] {
			continue // an output-only type: the generator writes no Args for it
		}
		if !typed[u.Owner+"."+u.Field] {
			return fmt.Errorf("the generated Go SDK has no field %s.%s to type", u.Owner, u.Field)
		}
		for _, m := range u.Members {
			if !declared[m+"Args"] || !declared[m+"Output"] {
				return fmt.Errorf("the generated Go SDK has no %sArgs or %sOutput for the union %s", m, m, u.Name)
			}
		}
		for _, n := range unionNames(u) {
			if declared[n] {
				return fmt.Errorf("the Go name %s of the union %s.%s is already taken in the generated SDK", n, u.Owner, u.Field)
			}
		}
		kept = append(kept, u)
	}
	if len(kept) == 0 {
		return nil
	}
	text, err := unionsFile(pkgName, kept)
	if err != nil {
		return err
	}
	files[path.Join(dir, "pulumiUnions.go")] = text
	return nil
}

func unionNames(u goUnion) []string {
	if u.List {
		return []string{u.Name + "Input", u.Name + "Array", u.Name + "ArrayInput"}
	}
	return []string{u.Name + "Input"}
}

// retypeField gives the union's field its interface, where codegen/go wrote pulumi.Input or
// pulumi.ArrayInput.
func retypeField(st *ast.StructType, u goUnion) error {
	want, to := "Input", u.Name+"Input"
	if u.List {
		want, to = "ArrayInput", u.Name+"ArrayInput"
	}
	for _, f := range st.Fields.List {
		if len(f.Names) != 1 || f.Names[0].Name != u.Field {
			continue
		}
		sel, ok := f.Type.(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != want {
			return fmt.Errorf("%s.%s is not a pulumi.%s as expected of a union", u.Owner, u.Field, want)
		}
		if x, ok := sel.X.(*ast.Ident); !ok || x.Name != "pulumi" {
			return fmt.Errorf("%s.%s is not a pulumi.%s as expected of a union", u.Owner, u.Field, want)
		}
		f.Type = &ast.Ident{NamePos: sel.Pos(), Name: to}
		return nil
	}
	return fmt.Errorf("%s has no field %s", u.Owner, u.Field)
}

var unionsTemplate = template.Must(template.New("unions").Parse(`// Code generated by {{.Tool}} DO NOT EDIT.
// *** WARNING: Do not edit by hand unless you're certain you know what you are doing! ***

package {{.Package}}

import (
	"context"
	"reflect"

	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)
{{range .Unions}}{{$u := .}}
// {{.Name}}Input is {{if .List}}one item of{{else}}the value of{{end}} {{.Where}}: one of these (or the Output of one):
//
{{- range .Members}}
//   - {{.}}Args{{end}}
//
// No other value is a {{.Name}}Input: a string or a misspelled type fails to compile.
type {{.Name}}Input interface {
	pulumi.Input
	is{{.Name}}()
}
{{range .Members}}
func ({{.}}Args) is{{$u.Name}}()   {}
func ({{.}}Output) is{{$u.Name}}() {}
{{end}}{{if .List}}
// {{.Name}}Array is {{$u.Where}}: a list of {{.Name}}Input values.
type {{.Name}}Array []{{.Name}}Input

// {{.Name}}ArrayInput is a {{.Name}}Array.
type {{.Name}}ArrayInput interface {
	pulumi.ArrayInput
	is{{.Name}}Array()
}

func ({{.Name}}Array) is{{.Name}}Array() {}

func ({{.Name}}Array) ElementType() reflect.Type {
	return reflect.TypeOf((*[]interface{})(nil)).Elem()
}

func (a {{.Name}}Array) ToArrayOutput() pulumi.ArrayOutput {
	return a.ToArrayOutputWithContext(context.Background())
}

func (a {{.Name}}Array) ToArrayOutputWithContext(ctx context.Context) pulumi.ArrayOutput {
	items := make(pulumi.Array, len(a))
	for i, item := range a {
		items[i] = item
	}
	return items.ToArrayOutputWithContext(ctx)
}
{{end}}{{end}}`))

func unionsFile(pkgName string, unions []goUnion) ([]byte, error) {
	var buf bytes.Buffer
	err := unionsTemplate.Execute(&buf, map[string]any{"Tool": Tool, "Package": pkgName, "Unions": unions})
	if err != nil {
		return nil, err
	}
	text, err := format.Source(buf.Bytes())
	if err != nil {
		return nil, fmt.Errorf("formatting the union interfaces: %w\n%s", err, buf.String())
	}
	return text, nil
}
