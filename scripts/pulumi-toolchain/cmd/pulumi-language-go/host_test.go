package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/protobuf/types/known/structpb"
)

// write creates files under dir, by slash-separated relative path.
func write(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// offline keeps the go command from reaching any network or workspace of the caller.
func offline(t *testing.T) {
	t.Setenv("GOPROXY", "off")
	t.Setenv("GOWORK", "off")
	t.Setenv("GOFLAGS", "-mod=mod")
}

// A program importing one package of a provider SDK (whose pulumi-plugin.json names it), a
// package of the same module without a plugin file, and not importing a second SDK in go.mod.
func programWithSDKs(t *testing.T) string {
	root := t.TempDir()
	write(t, root, map[string]string{
		"program/go.mod": `module example.com/program

go 1.22

require (
	example.com/alerts/sdk/go v0.3.0
	example.com/unused/sdk v1.0.0
)

replace example.com/alerts/sdk/go => ../alerts
replace example.com/unused/sdk => ../unused
`,
		"program/Pulumi.yaml": "name: program\nruntime: go\n",
		"program/main.go": `package main

import (
	"fmt"

	"example.com/alerts/sdk/go/alerts"
	"example.com/alerts/sdk/go/alerts/helpers"
)

func main() { fmt.Println(alerts.Name, helpers.Help) }
`,
		"alerts/go.mod":           "module example.com/alerts/sdk/go\n\ngo 1.22\n",
		"alerts/alerts/alerts.go": "package alerts\n\nconst Name = \"alerts\"\n",
		"alerts/alerts/pulumi-plugin.json": `{"resource": true, "name": "strategy-alerts", "version": "0.3.0",
  "server": "github://api.github.com/example/alerts"}`,
		"alerts/alerts/helpers/helpers.go":          "package helpers\n\nconst Help = \"help\"\n",
		"unused/go.mod":                             "module example.com/unused/sdk\n\ngo 1.22\n",
		"unused/unused/unused.go":                   "package unused\n",
		"unused/unused/pulumi-plugin.json":          `{"resource": true, "name": "unused", "version": "1.0.0"}`,
		"alerts/alerts/internal/pulumi-plugin.json": `{"resource": false}`,
	})
	return filepath.Join(root, "program")
}

func TestRequiredPackagesNameImportedSDKsWithTheirDownloadURL(t *testing.T) {
	offline(t)
	dir := programWithSDKs(t)
	h := &host{}
	res, err := h.GetRequiredPackages(context.Background(), &pulumirpc.GetRequiredPackagesRequest{
		Info: &pulumirpc.ProgramInfo{ProgramDirectory: dir, EntryPoint: ".", RootDirectory: dir},
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.GetPackages()) != 1 {
		t.Fatalf("want one package, got %v", res.GetPackages())
	}
	p := res.GetPackages()[0]
	got := []string{p.GetName(), p.GetKind(), p.GetVersion(), p.GetServer()}
	want := []string{"strategy-alerts", "resource", "0.3.0", "github://api.github.com/example/alerts"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("got %v, want %v", got, want)
	}

	plugins, err := h.GetRequiredPlugins(context.Background(), &pulumirpc.GetRequiredPluginsRequest{
		Info: &pulumirpc.ProgramInfo{ProgramDirectory: dir, EntryPoint: "."},
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(plugins.GetPlugins()) != 1 || plugins.GetPlugins()[0].GetServer() != want[3] {
		t.Fatalf("GetRequiredPlugins: %v", plugins.GetPlugins())
	}
}

func TestPluginFileFallsBackToImportPathAndModuleVersion(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, map[string]string{"pulumi-plugin.json": `{"resource": true}`})
	dep, err := packageFromPluginFile(filepath.Join(dir, "pulumi-plugin.json"), "example.com/x/pulumi-widgets", "v1.4.0")
	if err != nil {
		t.Fatal(err)
	}
	if dep.GetName() != "widgets" || dep.GetVersion() != "1.4.0" {
		t.Fatalf("got %v", dep)
	}
	missing, err := packageFromPluginFile(filepath.Join(dir, "nothing.json"), "example.com/x", "v1.0.0")
	if err != nil || missing != nil {
		t.Fatalf("a missing file names no package: %v %v", missing, err)
	}
}

func TestProgramDependenciesAreDirectUnlessTransitive(t *testing.T) {
	offline(t)
	dir := programWithSDKs(t)
	h := &host{}
	res, err := h.GetProgramDependencies(context.Background(), &pulumirpc.GetProgramDependenciesRequest{
		Info: &pulumirpc.ProgramInfo{ProgramDirectory: dir},
	})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, d := range res.GetDependencies() {
		names = append(names, d.GetName()+"@"+d.GetVersion())
	}
	if strings.Join(names, ",") != "example.com/alerts/sdk/go@v0.3.0,example.com/unused/sdk@v1.0.0" {
		t.Fatalf("got %v", names)
	}
}

// A program that records its arguments and the SDK's environment, then exits with the code
// EXIT_WITH names.
const recorder = `package main

import (
	"encoding/json"
	"os"
	"strconv"
	"strings"
)

func main() {
	seen := map[string]string{}
	for _, kv := range os.Environ() {
		if strings.HasPrefix(kv, "PULUMI_") {
			k, v, _ := strings.Cut(kv, "=")
			seen[k] = v
		}
	}
	wd, _ := os.Getwd()
	seen["args"] = strings.Join(os.Args[1:], " ")
	seen["cwd"] = wd
	b, _ := json.Marshal(seen)
	os.WriteFile(os.Getenv("RECORD_TO"), b, 0o644)
	code, _ := strconv.Atoi(os.Getenv("EXIT_WITH"))
	os.Exit(code)
}
`

func TestRunBuildsTheProgramAndGivesItTheEnvironmentTheGoSDKReads(t *testing.T) {
	offline(t)
	dir := t.TempDir()
	write(t, dir, map[string]string{"go.mod": "module example.com/rec\n\ngo 1.22\n", "main.go": recorder})
	record := filepath.Join(t.TempDir(), "record.json")
	t.Setenv("RECORD_TO", record)
	t.Setenv("PULUMI_STACK", "outer-stack") // an outer run's value never reaches the program
	t.Setenv("PULUMI_PLUGINS", "true")

	h := &host{}
	if _, err := h.Handshake(context.Background(), &pulumirpc.LanguageHandshakeRequest{EngineAddress: "127.0.0.1:4000"}); err != nil {
		t.Fatal(err)
	}
	req := &pulumirpc.RunRequest{
		Project: "proj", Stack: "dev", Organization: "org", MonitorAddress: "127.0.0.1:5000",
		DryRun: true, Parallel: 8, Args: []string{"a", "b"},
		Config:           map[string]string{"proj:name": "x", "strategy-alerts:apiKey": "k"},
		ConfigSecretKeys: []string{"strategy-alerts:apiKey"},
		Info:             &pulumirpc.ProgramInfo{ProgramDirectory: dir, RootDirectory: dir, EntryPoint: "."},
	}
	for _, c := range []struct {
		exit string
		want func(*pulumirpc.RunResponse) bool
	}{
		{"0", func(r *pulumirpc.RunResponse) bool { return r.GetError() == "" && !r.GetBail() }},
		{"32", func(r *pulumirpc.RunResponse) bool { return r.GetError() == "" && r.GetBail() }},
		{"3", func(r *pulumirpc.RunResponse) bool {
			return r.GetError() == "Program exited with non-zero exit code: 3" && !r.GetBail()
		}},
	} {
		t.Setenv("EXIT_WITH", c.exit)
		res, err := h.Run(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		if !c.want(res) {
			t.Fatalf("exit %s: got %v", c.exit, res)
		}
	}

	var seen map[string]string
	b, err := os.ReadFile(record)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &seen); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"PULUMI_PROJECT": "proj", "PULUMI_STACK": "dev", "PULUMI_ORGANIZATION": "org",
		"PULUMI_MONITOR": "127.0.0.1:5000", "PULUMI_ENGINE": "127.0.0.1:4000",
		"PULUMI_DRY_RUN": "true", "PULUMI_PARALLEL": "8", "PULUMI_ROOT_DIRECTORY": dir,
		"PULUMI_CONFIG_SECRET_KEYS": `["strategy-alerts:apiKey"]`,
		"args":                      "a b", "cwd": dir,
	}
	for k, v := range want {
		if seen[k] != v {
			t.Errorf("%s: got %q, want %q", k, seen[k], v)
		}
	}
	var config map[string]string
	if err := json.Unmarshal([]byte(seen["PULUMI_CONFIG"]), &config); err != nil || config["proj:name"] != "x" {
		t.Errorf("PULUMI_CONFIG: %q", seen["PULUMI_CONFIG"])
	}
	if _, ok := seen["PULUMI_PLUGINS"]; ok {
		t.Error("PULUMI_PLUGINS of the host's environment reached the program")
	}
}

func TestRunReportsABuildFailureAndHonoursBinaryAndBuildTarget(t *testing.T) {
	offline(t)
	dir := t.TempDir()
	write(t, dir, map[string]string{"go.mod": "module example.com/broken\n\ngo 1.22\n", "main.go": "package main\n\nfunc main() { undefined() }\n"})
	h := &host{}
	res, err := h.Run(context.Background(), &pulumirpc.RunRequest{
		Project: "p", Stack: "s", Info: &pulumirpc.ProgramInfo{ProgramDirectory: dir, EntryPoint: "."},
	})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(res.GetError(), "go build of the program") || !strings.Contains(res.GetError(), "undefined") {
		t.Fatalf("got %q", res.GetError())
	}

	// buildTarget keeps the binary; binary runs a prebuilt one without building.
	good := t.TempDir()
	write(t, good, map[string]string{"go.mod": "module example.com/rec\n\ngo 1.22\n", "main.go": recorder})
	t.Setenv("RECORD_TO", filepath.Join(t.TempDir(), "r.json"))
	t.Setenv("EXIT_WITH", "0")
	opts, _ := structpb.NewStruct(map[string]any{"buildTarget": "bin/program"})
	res, err = h.Run(context.Background(), &pulumirpc.RunRequest{
		Project: "p", Stack: "s", Info: &pulumirpc.ProgramInfo{ProgramDirectory: good, EntryPoint: ".", Options: opts},
	})
	if err != nil || res.GetError() != "" {
		t.Fatalf("%v %v", res, err)
	}
	if _, err := os.Stat(filepath.Join(good, "bin/program")); err != nil {
		t.Fatal(err)
	}
	os.Remove(filepath.Join(good, "main.go")) // nothing left to build: the binary must be used as it is
	opts, _ = structpb.NewStruct(map[string]any{"binary": "bin/program"})
	res, err = h.Run(context.Background(), &pulumirpc.RunRequest{
		Project: "p", Stack: "s", Info: &pulumirpc.ProgramInfo{ProgramDirectory: good, EntryPoint: ".", Options: opts},
	})
	if err != nil || res.GetError() != "" {
		t.Fatalf("%v %v", res, err)
	}
}

func TestGeneratePackageWritesTheGoSDKWithItsPluginFile(t *testing.T) {
	schemaJSON := `{
  "name": "widgets", "version": "1.2.3",
  "pluginDownloadURL": "github://api.github.com/example/widgets",
  "language": {"go": {"importBasePath": "example.com/widgets/sdk/go/widgets", "modulePath": "example.com/widgets/sdk/go", "respectSchemaVersion": true}},
  "resources": {"widgets:index:Widget": {
    "inputProperties": {"size": {"type": "integer"}},
    "properties": {"size": {"type": "integer"}}
  }}
}`
	dir := t.TempDir()
	h := &host{}
	if _, err := h.GeneratePackage(context.Background(), &pulumirpc.GeneratePackageRequest{
		Directory: dir, Schema: schemaJSON, ExtraFiles: map[string][]byte{"README.md": []byte("hello\n")},
	}); err != nil {
		t.Fatal(err)
	}
	info, err := packageFromPluginFile(filepath.Join(dir, "widgets", "pulumi-plugin.json"), "example.com/widgets/sdk/go/widgets", "")
	if err != nil || info == nil {
		t.Fatalf("no plugin file: %v", err)
	}
	if info.GetName() != "widgets" || info.GetVersion() != "1.2.3" || info.GetServer() != "github://api.github.com/example/widgets" {
		t.Fatalf("got %v", info)
	}
	for _, f := range []string{"widgets/widget.go", "go.mod", "README.md"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Error(err)
		}
	}
}
