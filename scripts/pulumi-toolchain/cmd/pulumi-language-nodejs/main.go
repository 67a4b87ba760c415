// Command pulumi-language-nodejs is a minimal Pulumi language host for Node.js programs.
//
// Pulumi's own Node.js language host is a separate Go module without version tags; the
// module proxy reachable from our machines refuses every pseudo-version of it (see
// scripts/ensure-pulumi.sh). This host implements the part of the LanguageRuntime gRPC
// service that `pulumi preview/up/refresh/destroy` need: it launches the program through
// the installed @pulumi/pulumi SDK's own runner (`@pulumi/pulumi/cmd/run`), exactly the
// process the upstream host starts, so the program, the SDK and the engine are all real.
// Policy packs (`--policy-pack`) start through RunPlugin (run_plugin.go).
//
// The host ends with its engine (cmd/internal/enginewatch): a `pulumi` killed with SIGKILL never
// stops its plugins, and this host, and the program it runs (which holds the stack's decrypted
// config in its environment), would serve on for good. Each Node.js process starts as the leader
// of a process group of its own, so that ending it ends whatever it started; the host kills
// those groups when the engine is gone, and when the engine stops the host with a signal (the
// signal the engine sends to the host's group no longer reaches them).
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"pulumi-strategy-alerts/pulumi-toolchain/cmd/internal/enginewatch"

	"github.com/pulumi/pulumi/sdk/v3/go/common/util/rpcutil"
	"github.com/pulumi/pulumi/sdk/v3/go/common/version"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc"
	"google.golang.org/protobuf/types/known/emptypb"
)

// The SDK's runner exits with this code after it has already shown the user an actionable
// message; the engine must then stop without adding a second, vaguer error.
const exitAfterUserMessage = 32

type host struct {
	pulumirpc.UnimplementedLanguageRuntimeServer
	engineAddress string
	children      *enginewatch.Children
}

func main() {
	showVersion := flag.Bool("version", false, "print the version and exit")
	flag.String("tracing", "", "ignored: accepted for compatibility with the engine's arguments")
	flag.String("runtime", "nodejs", "ignored: only nodejs is supported")
	flag.Parse()
	if *showVersion {
		fmt.Println(version.Version)
		return
	}
	var engineAddress string
	if args := flag.Args(); len(args) > 0 {
		engineAddress = args[0]
	}
	children := &enginewatch.Children{}
	endWithChildren := func() {
		children.KillAll()
		os.Exit(0)
	}
	enginewatch.Start(engineAddress, func(string) { endWithChildren() })
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, os.Interrupt, syscall.SIGTERM)
	go func() {
		<-stop
		endWithChildren()
	}()
	cancel := make(chan bool)
	handle, err := rpcutil.ServeWithOptions(rpcutil.ServeOptions{
		Cancel: cancel,
		Init: func(srv *grpc.Server) error {
			pulumirpc.RegisterLanguageRuntimeServer(srv, &host{engineAddress: engineAddress, children: children})
			return nil
		},
	})
	if err != nil {
		fmt.Fprintf(os.Stderr, "could not start the language host: %v\n", err)
		os.Exit(1)
	}
	// The engine reads the port from our first line of output.
	fmt.Printf("%d\n", handle.Port)
	if err := <-handle.Done; err != nil {
		fmt.Fprintf(os.Stderr, "language host stopped: %v\n", err)
		os.Exit(1)
	}
}

func (h *host) GetPluginInfo(context.Context, *emptypb.Empty) (*pulumirpc.PluginInfo, error) {
	return &pulumirpc.PluginInfo{Version: version.Version}, nil
}

// Dynamic providers run in the bundled `pulumi-resource-pulumi-nodejs` plugin, found on PATH,
// so a program of this project needs no downloadable plugin.
func (h *host) GetRequiredPlugins(context.Context, *pulumirpc.GetRequiredPluginsRequest) (*pulumirpc.GetRequiredPluginsResponse, error) {
	return &pulumirpc.GetRequiredPluginsResponse{}, nil
}

func (h *host) GetRequiredPackages(context.Context, *pulumirpc.GetRequiredPackagesRequest) (*pulumirpc.GetRequiredPackagesResponse, error) {
	return &pulumirpc.GetRequiredPackagesResponse{}, nil
}

func (h *host) InstallDependencies(
	_ *pulumirpc.InstallDependenciesRequest, _ grpc.ServerStreamingServer[pulumirpc.InstallDependenciesResponse],
) error {
	return errors.New("installing dependencies is not supported by this language host: run `npm ci` in the program directory")
}

func (h *host) Run(ctx context.Context, req *pulumirpc.RunRequest) (*pulumirpc.RunResponse, error) {
	info := req.GetInfo()
	programDir := req.GetPwd()
	entryPoint := "."
	if info != nil {
		programDir = info.GetProgramDirectory()
		if info.GetEntryPoint() != "" {
			entryPoint = info.GetEntryPoint()
		}
	}
	nodeBin, err := exec.LookPath("node")
	if err != nil {
		return &pulumirpc.RunResponse{Error: "could not find node on the PATH: " + err.Error()}, nil
	}
	runPath, err := resolveModule(ctx, nodeBin, programDir, "@pulumi/pulumi/cmd/run")
	if err != nil {
		return &pulumirpc.RunResponse{Error: err.Error()}, nil
	}
	config, err := legacyConfig(req.GetConfig())
	if err != nil {
		return &pulumirpc.RunResponse{Error: err.Error()}, nil
	}
	secretKeys, err := jsonList(req.GetConfigSecretKeys())
	if err != nil {
		return &pulumirpc.RunResponse{Error: err.Error()}, nil
	}

	args := []string{runPath}
	add := func(k, v string) {
		if v != "" {
			args = append(args, "--"+k, v)
		}
	}
	add("monitor", req.GetMonitorAddress())
	add("engine", h.engineAddress)
	add("organization", req.GetOrganization())
	add("project", req.GetProject())
	if info != nil {
		add("root-directory", info.GetRootDirectory())
	}
	add("stack", req.GetStack())
	add("pwd", programDir)
	if req.GetDryRun() {
		args = append(args, "--dry-run")
	}
	add("parallel", strconv.Itoa(int(req.GetParallel())))
	args = append(args, entryPoint)
	args = append(args, req.GetArgs()...)

	cmd := exec.CommandContext(ctx, nodeBin, args...)
	cmd.Dir = programDir
	cmd.Env = append(os.Environ(),
		"PULUMI_CONFIG="+config,
		"PULUMI_CONFIG_SECRET_KEYS="+secretKeys,
	)
	if typescript(info) {
		cmd.Env = append(cmd.Env, "PULUMI_NODEJS_TYPESCRIPT=true")
	}
	// Node may switch its stdio to non-blocking mode; wrapping the writers keeps our own
	// file descriptors untouched.
	cmd.Stdout = struct{ *os.File }{os.Stdout}
	cmd.Stderr = struct{ *os.File }{os.Stderr}
	if err := h.children.Start(cmd); err != nil {
		return &pulumirpc.RunResponse{Error: "could not run the Node.js program: " + err.Error()}, nil
	}
	err = cmd.Wait()
	h.children.Done(cmd)
	if err != nil {
		var exitErr *exec.ExitError
		if errors.As(err, &exitErr) {
			if exitErr.ExitCode() == exitAfterUserMessage {
				return &pulumirpc.RunResponse{Bail: true}, nil
			}
			return &pulumirpc.RunResponse{Error: fmt.Sprintf("Program exited with non-zero exit code: %d", exitErr.ExitCode())}, nil
		}
		return &pulumirpc.RunResponse{Error: "could not run the Node.js program: " + err.Error()}, nil
	}
	return &pulumirpc.RunResponse{}, nil
}

// resolveModule finds one of the SDK's runners the way Node would from the program (or plugin)
// directory, so the runner and the code it loads share one @pulumi/pulumi instance.
func resolveModule(ctx context.Context, nodeBin, dir, module string) (string, error) {
	out, err := exec.CommandContext(ctx, nodeBin, "-e",
		"process.stdout.write(require.resolve(process.argv[2], {paths: [process.argv[1]]}))",
		dir, module).Output()
	if err != nil {
		return "", fmt.Errorf("could not find %s from %s: run `npm install` there (%v)", module, dir, err)
	}
	return filepath.Dir(strings.TrimSpace(string(out))), nil
}

// legacyConfig presents keys as `<namespace>:config:<name>`, the form every SDK version reads.
func legacyConfig(cfg map[string]string) (string, error) {
	out := make(map[string]string, len(cfg))
	for k, v := range cfg {
		ns, name, ok := strings.Cut(k, ":")
		if !ok {
			return "", fmt.Errorf("config key %q has no namespace", k)
		}
		out[ns+":config:"+name] = v
	}
	b, err := json.Marshal(out)
	return string(b), err
}

func typescript(info *pulumirpc.ProgramInfo) bool {
	if info == nil || info.GetOptions() == nil {
		return true
	}
	if v, ok := info.GetOptions().AsMap()["typescript"].(bool); ok {
		return v
	}
	return true
}

// jsonList is a JSON array, never null, as the SDK expects.
func jsonList(s []string) (string, error) {
	if s == nil {
		s = []string{}
	}
	b, err := json.Marshal(s)
	return string(b), err
}
