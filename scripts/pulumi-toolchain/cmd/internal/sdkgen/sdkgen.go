// Package sdkgen generates the Go and Python SDKs of the strategy-alerts provider plugin from
// its package schema with Pulumi's own code generators (codegen/go and codegen/python of the
// pinned pkg/v3), so a language host answering GeneratePackage and the repository's
// `npm run sdk` write the same files.
//
// The schema must bind with no error and no warning: a warning (two property names that reduce
// to the same identifier in some language, say) is a defect of the schema that the generated
// SDKs would carry, so it fails the generation here instead of shipping.
package sdkgen

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strings"

	"github.com/blang/semver"
	"github.com/hashicorp/hcl/v2"
	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	pygen "github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
	"golang.org/x/mod/modfile"
)

// Tool names the generator in the "do not edit" header of each generated file.
const Tool = "strategy-alerts-sdkgen"

// pulumiSDK is the module a generated Go SDK builds on.
const pulumiSDK = "github.com/pulumi/pulumi/sdk/v3"

// goDirective is the go line of the generated go.mod: the one of pulumiSDK at the version this
// generator is built with (a module's go line is at least its dependencies'). Below it, `go mod
// tidy` would raise it; without one, tidy walks the whole unpruned module graph, which names
// module versions the proxy does not serve.
const goDirective = "1.26.6"

// Languages are the languages Generate writes an SDK in.
var Languages = []string{"go", "python"}

// Options adjust one generation. The zero value generates from the schema alone.
type Options struct {
	// Version overrides the schema's version (the checked-in schema describes the model and
	// names none; the plugin's GetSchema and `pulumi package gen-sdk --version` add it).
	Version string
	// Loader resolves packages the schema refers to; nil refuses any (this schema refers to none).
	Loader schema.ReferenceLoader
	// LocalDependencies maps a package to a local path, as GeneratePackageRequest's field does.
	LocalDependencies map[string]string
	// ExtraFiles are added to the Python package as they are (GeneratePackageRequest's extra files).
	ExtraFiles map[string][]byte
}

// Bind parses and binds a package schema, failing on any diagnostic, warnings included.
func Bind(schemaJSON []byte, opts Options) (*schema.Package, error) {
	var spec schema.PackageSpec
	if err := json.Unmarshal(schemaJSON, &spec); err != nil {
		return nil, fmt.Errorf("reading the package schema: %w", err)
	}
	if opts.Version != "" {
		if _, err := semver.Parse(opts.Version); err != nil {
			return nil, fmt.Errorf("version %q: %w", opts.Version, err)
		}
		spec.Version = opts.Version
	}
	loader := opts.Loader
	if loader == nil {
		loader = noReferences{}
	}
	pkg, diags, err := schema.BindSpec(spec, loader, schema.ValidationOptions{})
	if len(diags) > 0 {
		return nil, fmt.Errorf("the package schema does not bind cleanly:\n%s", describe(diags))
	}
	if err != nil {
		return nil, fmt.Errorf("binding the package schema: %w", err)
	}
	return pkg, nil
}

// Diagnostics lists every diagnostic (errors and warnings) of binding the schema, one a line.
func Diagnostics(schemaJSON []byte, version string) ([]string, error) {
	var spec schema.PackageSpec
	if err := json.Unmarshal(schemaJSON, &spec); err != nil {
		return nil, fmt.Errorf("reading the package schema: %w", err)
	}
	if version != "" {
		spec.Version = version
	}
	_, diags, _ := schema.BindSpec(spec, noReferences{}, schema.ValidationOptions{})
	lines := []string{}
	for _, d := range diags {
		lines = append(lines, severity(d)+": "+d.Summary)
	}
	return lines, nil
}

// Generate returns the files of the SDK in one language, keyed by their path relative to the
// SDK's directory (sdk/go, sdk/python).
func Generate(language string, schemaJSON []byte, opts Options) (map[string][]byte, error) {
	if language == "python" {
		var err error
		if schemaJSON, err = pythonEnumNames(schemaJSON); err != nil {
			return nil, err
		}
	}
	pkg, err := Bind(schemaJSON, opts)
	if err != nil {
		return nil, err
	}
	switch language {
	case "go":
		return generateGo(pkg, schemaJSON, opts)
	case "python":
		return generatePython(pkg, opts)
	default:
		return nil, fmt.Errorf("no SDK generator for language %q (have %s)", language, strings.Join(Languages, ", "))
	}
}

// generateGo writes the Go SDK and a go.mod that requires the Pulumi Go SDK this generator was
// built with (codegen/go names an older release of its own). `go mod tidy` completes it with the
// indirect requirements and go.sum, which follow from the module graph, not from the schema.
func generateGo(pkg *schema.Package, schemaJSON []byte, opts Options) (map[string][]byte, error) {
	files, err := gogen.GeneratePackage(Tool, pkg, opts.LocalDependencies)
	if err != nil {
		return nil, err
	}
	info, _ := pkg.Language["go"].(gogen.GoPackageInfo)
	modulePath := info.ModulePath
	if modulePath == "" {
		return nil, errors.New("the schema's language.go names no modulePath for the Go SDK's go.mod")
	}
	// The package's files sit in the folder the import path adds to the module path.
	dir := strings.TrimPrefix(strings.TrimPrefix(info.ImportBasePath, modulePath), "/")
	if err := applyGoIdioms(files, schemaJSON, dir, path.Base(info.ImportBasePath)); err != nil {
		return nil, fmt.Errorf("typing the Go SDK: %w", err)
	}
	version, err := PulumiSDKVersion()
	if err != nil {
		return nil, err
	}
	var gomod modfile.File
	if err := gomod.AddModuleStmt(modulePath); err != nil {
		return nil, err
	}
	if err := gomod.AddGoStmt(goDirective); err != nil {
		return nil, err
	}
	if err := gomod.AddRequire(pulumiSDK, version); err != nil {
		return nil, err
	}
	if replacement, ok := opts.LocalDependencies["pulumi"]; ok {
		if err := gomod.AddReplace(pulumiSDK, "", replacement, ""); err != nil {
			return nil, err
		}
	}
	text, err := gomod.Format()
	if err != nil {
		return nil, err
	}
	files["go.mod"] = text
	return files, nil
}

// generatePython writes the Python SDK. Its pyproject.toml names README.md beside it as the
// distribution's readme, which codegen/python writes inside the package only: the same text
// goes beside pyproject.toml too, so the distribution builds.
func generatePython(pkg *schema.Package, opts Options) (map[string][]byte, error) {
	files, err := pygen.GeneratePackage(Tool, pkg, opts.ExtraFiles, loaderOf(opts))
	if err != nil {
		return nil, err
	}
	info, _ := pkg.Language["python"].(pygen.PackageInfo)
	if readme, ok := files[path.Join(info.PackageName, "README.md")]; ok {
		if _, taken := files["README.md"]; !taken {
			files["README.md"] = readme
		}
	}
	return files, nil
}

// PulumiSDKVersion is the version of github.com/pulumi/pulumi/sdk/v3 this program is built with.
func PulumiSDKVersion() (string, error) {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "", errors.New("no build information in this binary to find the Pulumi Go SDK's version")
	}
	for _, dep := range info.Deps {
		if dep.Path == pulumiSDK {
			if dep.Replace != nil && dep.Replace.Version != "" {
				return dep.Replace.Version, nil
			}
			return dep.Version, nil
		}
	}
	return "", fmt.Errorf("%s is not a dependency of this binary", pulumiSDK)
}

// Write replaces the contents of dir with files: a file the generation no longer makes is
// removed, so the directory is exactly the generation. Paths in keep (relative, slash-separated)
// are left as they are (go.sum, which `go mod tidy` writes).
func Write(dir string, files map[string][]byte, keep ...string) error {
	kept := map[string]bool{}
	for _, k := range keep {
		kept[k] = true
	}
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, os.ErrNotExist) {
				return nil
			}
			return err
		}
		if d.IsDir() {
			return nil
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if _, generated := files[rel]; !generated && !kept[rel] {
			return os.Remove(path)
		}
		return nil
	})
	if err != nil {
		return err
	}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, files[name], 0o644); err != nil {
			return err
		}
	}
	return removeEmptyDirs(dir)
}

func removeEmptyDirs(dir string) error {
	var dirs []string
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err == nil && d.IsDir() && path != dir {
			dirs = append(dirs, path)
		}
		return err
	})
	if err != nil {
		return err
	}
	for i := len(dirs) - 1; i >= 0; i-- {
		entries, err := os.ReadDir(dirs[i])
		if err == nil && len(entries) == 0 {
			if err := os.Remove(dirs[i]); err != nil {
				return err
			}
		}
	}
	return nil
}

func loaderOf(opts Options) schema.ReferenceLoader {
	if opts.Loader != nil {
		return opts.Loader
	}
	return noReferences{}
}

func severity(d *hcl.Diagnostic) string {
	if d.Severity == hcl.DiagWarning {
		return "warning"
	}
	return "error"
}

func describe(diags hcl.Diagnostics) string {
	lines := make([]string, 0, len(diags))
	for _, d := range diags {
		line := "  " + severity(d) + ": " + d.Summary
		if d.Detail != "" {
			line += ": " + d.Detail
		}
		lines = append(lines, line)
	}
	return strings.Join(lines, "\n")
}

// noReferences is the loader of a schema that refers to no other package.
type noReferences struct{}

func (noReferences) refuse(name string) error {
	return fmt.Errorf("the schema refers to package %q; this generator loads no other package", name)
}

func (l noReferences) LoadPackage(pkg string, _ *semver.Version) (*schema.Package, error) {
	return nil, l.refuse(pkg)
}

func (l noReferences) LoadPackageV2(_ context.Context, d *schema.PackageDescriptor) (*schema.Package, error) {
	return nil, l.refuse(d.Name)
}

func (l noReferences) LoadPackageReference(pkg string, _ *semver.Version) (schema.PackageReference, error) {
	return nil, l.refuse(pkg)
}

func (l noReferences) LoadPackageReferenceV2(
	_ context.Context, d *schema.PackageDescriptor,
) (schema.PackageReference, error) {
	return nil, l.refuse(d.Name)
}
