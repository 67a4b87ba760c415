package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
)

// The Go SDK's pulumi.Run exits with this code after it has logged the program's error through
// the engine; the engine must then stop without adding a second, vaguer error.
const exitAfterUserMessage = 32

// The environment variables the Go SDK reads in pulumi.Run (sdk/go/pulumi/run.go). Inherited
// values are dropped first, so a program never sees those of an outer Pulumi run.
var sdkEnvNames = []string{
	"PULUMI_ORGANIZATION", "PULUMI_PROJECT", "PULUMI_ROOT_DIRECTORY", "PULUMI_STACK",
	"PULUMI_CONFIG", "PULUMI_CONFIG_SECRET_KEYS", "PULUMI_PARALLEL", "PULUMI_DRY_RUN",
	"PULUMI_MONITOR", "PULUMI_ENGINE", "PULUMI_PLUGINS",
}

// options of `runtime: {name: go, options: {...}}` in Pulumi.yaml.
type options struct {
	// binary: a program built beforehand, run as it is (relative to the program's directory).
	binary string
	// buildTarget: where `go build` writes the program, kept after the run.
	buildTarget string
}

func runtimeOptions(info *pulumirpc.ProgramInfo) options {
	var o options
	if info == nil || info.GetOptions() == nil {
		return o
	}
	m := info.GetOptions().AsMap()
	if s, ok := m["binary"].(string); ok {
		o.binary = s
	}
	if s, ok := m["buildTarget"].(string); ok {
		o.buildTarget = s
	}
	return o
}

// programEnv is the environment of the program's process: ours, without any PULUMI_* variable
// the SDK reads, then the run's values.
func programEnv(req *pulumirpc.RunRequest, engineAddress string) []string {
	env := withoutNames(os.Environ(), sdkEnvNames)
	set := func(k, v string) {
		if v != "" {
			env = append(env, k+"="+v)
		}
	}
	set("PULUMI_ORGANIZATION", req.GetOrganization())
	set("PULUMI_PROJECT", req.GetProject())
	set("PULUMI_STACK", req.GetStack())
	if info := req.GetInfo(); info != nil {
		set("PULUMI_ROOT_DIRECTORY", info.GetRootDirectory())
	}
	set("PULUMI_MONITOR", req.GetMonitorAddress())
	set("PULUMI_ENGINE", engineAddress)
	set("PULUMI_DRY_RUN", strconv.FormatBool(req.GetDryRun()))
	set("PULUMI_PARALLEL", strconv.Itoa(int(req.GetParallel())))
	// The Go SDK looks keys up as the engine sends them (`<namespace>:<name>`).
	config := req.GetConfig()
	if config == nil {
		config = map[string]string{}
	}
	b, _ := json.Marshal(config)
	set("PULUMI_CONFIG", string(b))
	keys := req.GetConfigSecretKeys()
	if keys == nil {
		keys = []string{}
	}
	b, _ = json.Marshal(keys)
	set("PULUMI_CONFIG_SECRET_KEYS", string(b))
	return env
}

func withoutNames(env, names []string) []string {
	out := make([]string, 0, len(env))
	for _, kv := range env {
		name, _, _ := strings.Cut(kv, "=")
		drop := false
		for _, n := range names {
			if name == n {
				drop = true
				break
			}
		}
		if !drop {
			out = append(out, kv)
		}
	}
	return out
}

type runSpec struct {
	dir, entry     string
	options        options
	env, args      []string
	stdout, stderr io.Writer
}

// runProgram builds the program (unless a binary is given), runs it, and turns its end into the
// engine's answer: nothing on success, Bail when the SDK has already reported the error, the exit
// code otherwise.
func runProgram(ctx context.Context, spec runSpec) *pulumirpc.RunResponse {
	bin := spec.options.binary
	if bin != "" {
		if !filepath.IsAbs(bin) {
			bin = filepath.Join(spec.dir, bin)
		}
	} else {
		built, cleanup, err := buildProgram(ctx, spec)
		if err != nil {
			return &pulumirpc.RunResponse{Error: err.Error()}
		}
		defer cleanup()
		bin = built
	}
	cmd := exec.CommandContext(ctx, bin, spec.args...)
	cmd.Dir = spec.dir
	cmd.Env = spec.env
	cmd.Stdout, cmd.Stderr = spec.stdout, spec.stderr
	if err := cmd.Run(); err != nil {
		var exitErr *exec.ExitError
		if errors.As(err, &exitErr) {
			if exitErr.ExitCode() == exitAfterUserMessage {
				return &pulumirpc.RunResponse{Bail: true}
			}
			return &pulumirpc.RunResponse{Error: fmt.Sprintf("Program exited with non-zero exit code: %d", exitErr.ExitCode())}
		}
		return &pulumirpc.RunResponse{Error: "could not run the Go program: " + err.Error()}
	}
	return &pulumirpc.RunResponse{}
}

// buildProgram runs `go build` in the program's directory. The binary goes to a temporary
// directory removed after the run, or to the buildTarget option when one is set. Go's build
// cache makes a rebuild of an unchanged program a link step.
func buildProgram(ctx context.Context, spec runSpec) (string, func(), error) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		return "", nil, errors.New("could not find go on the PATH: install Go to run Go programs")
	}
	cleanup := func() {}
	out := spec.options.buildTarget
	if out != "" {
		if !filepath.IsAbs(out) {
			out = filepath.Join(spec.dir, out)
		}
	} else {
		tmp, err := os.MkdirTemp("", "pulumi-go-program-")
		if err != nil {
			return "", nil, err
		}
		cleanup = func() { os.RemoveAll(tmp) }
		out = filepath.Join(tmp, "program")
	}
	cmd := exec.CommandContext(ctx, gobin, "build", "-o", out, spec.entry)
	cmd.Dir = spec.dir
	cmd.Env = withoutNames(os.Environ(), sdkEnvNames)
	var msg strings.Builder
	cmd.Stdout, cmd.Stderr = &msg, &msg
	if err := cmd.Run(); err != nil {
		cleanup()
		return "", nil, fmt.Errorf("go build of the program in %s failed: %v\n%s", spec.dir, err, strings.TrimSpace(msg.String()))
	}
	return out, cleanup, nil
}
