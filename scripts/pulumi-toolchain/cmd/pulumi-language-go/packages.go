package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/plugin"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
)

// pluginFile is the file a Go SDK of a Pulumi package carries beside its code: the provider's
// name, version and download URL (`pluginDownloadURL` of the schema).
const pluginFile = "pulumi-plugin.json"

// goPackage is what `go list -deps -json` says about one package of the program's build.
type goPackage struct {
	ImportPath string
	Dir        string
	Standard   bool
	Module     *struct {
		Path    string
		Version string
		Dir     string
		Main    bool
	}
}

// requiredPackages reads the pulumi-plugin.json of every package the program's build imports
// (and of the root of every module they come from: older SDKs keep it there), and names each
// provider package once. Only imported packages count: a module in go.mod that the program does
// not import needs no provider.
func requiredPackages(ctx context.Context, dir, entry string) ([]*pulumirpc.PackageDependency, error) {
	out, err := goCommand(ctx, dir, "list", "-deps", "-json=ImportPath,Dir,Standard,Module", entry)
	if err != nil {
		return nil, err
	}
	pkgs, err := decodePackages(out)
	if err != nil {
		return nil, fmt.Errorf("could not read `go list` output: %w", err)
	}
	seen := map[string]bool{}
	byKey := map[string]*pulumirpc.PackageDependency{}
	for _, p := range pkgs {
		if p.Standard || p.Module == nil || p.Module.Main {
			continue
		}
		candidates := []string{filepath.Join(p.Dir, pluginFile)}
		if p.Module.Dir != "" {
			candidates = append(candidates, filepath.Join(p.Module.Dir, pluginFile))
		}
		for _, file := range candidates {
			if seen[file] {
				continue
			}
			seen[file] = true
			dep, err := packageFromPluginFile(file, p.ImportPath, p.Module.Version)
			if err != nil {
				return nil, err
			}
			if dep == nil {
				continue
			}
			key := dep.GetName() + "@" + dep.GetVersion()
			if dep.GetParameterization() != nil {
				key += "/" + dep.GetParameterization().GetName()
			}
			byKey[key] = dep
		}
	}
	deps := make([]*pulumirpc.PackageDependency, 0, len(byKey))
	for _, d := range byKey {
		deps = append(deps, d)
	}
	sort.Slice(deps, func(i, j int) bool {
		return deps[i].GetName()+deps[i].GetVersion() < deps[j].GetName()+deps[j].GetVersion()
	})
	return deps, nil
}

// packageFromPluginFile is the package a pulumi-plugin.json names, or nil when there is no such
// file or it names no resource plugin. Missing fields fall back as Pulumi's do: the name from the
// import path (`pulumi-` dropped), the version from the module's.
func packageFromPluginFile(file, importPath, moduleVersion string) (*pulumirpc.PackageDependency, error) {
	info, err := plugin.LoadPulumiPluginJSON(file)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("could not read %s: %w", file, err)
	}
	if !info.Resource {
		return nil, nil
	}
	name := info.Name
	if name == "" {
		name = strings.TrimPrefix(path.Base(importPath), "pulumi-")
	}
	version := info.Version
	if version == "" {
		version = moduleVersion
	}
	dep := &pulumirpc.PackageDependency{
		Name:    name,
		Kind:    "resource",
		Version: strings.TrimPrefix(version, "v"),
		Server:  info.Server,
	}
	if p := info.Parameterization; p != nil {
		dep.Parameterization = &pulumirpc.PackageParameterization{
			Name: p.Name, Version: strings.TrimPrefix(p.Version, "v"), Value: p.Value,
		}
	}
	return dep, nil
}

func decodePackages(out []byte) ([]goPackage, error) {
	var pkgs []goPackage
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p goPackage
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			return pkgs, nil
		} else if err != nil {
			return nil, err
		}
		pkgs = append(pkgs, p)
	}
}

// programDependencies lists the modules the program's go.mod requires directly, or every module
// of its build.
func programDependencies(ctx context.Context, dir string, transitive bool) ([]*pulumirpc.DependencyInfo, error) {
	out, err := goCommand(ctx, dir, "list", "-m", "-json", "all")
	if err != nil {
		return nil, err
	}
	var deps []*pulumirpc.DependencyInfo
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var m struct {
			Path, Version  string
			Main, Indirect bool
		}
		if err := dec.Decode(&m); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return nil, fmt.Errorf("could not read `go list -m` output: %w", err)
		}
		if m.Main || (m.Indirect && !transitive) {
			continue
		}
		deps = append(deps, &pulumirpc.DependencyInfo{Name: m.Path, Version: m.Version})
	}
	return deps, nil
}

// goCommand runs the go command in dir and returns its standard output; its error carries what
// go printed on standard error.
func goCommand(ctx context.Context, dir string, args ...string) ([]byte, error) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		return nil, errors.New("could not find go on the PATH: install Go to run Go programs")
	}
	cmd := exec.CommandContext(ctx, gobin, args...)
	cmd.Dir = dir
	cmd.Env = withoutNames(os.Environ(), sdkEnvNames)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go %s failed in %s: %v\n%s", strings.Join(args, " "), dir, err, strings.TrimSpace(stderr.String()))
	}
	return out, nil
}
