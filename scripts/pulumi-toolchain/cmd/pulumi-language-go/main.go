// Command pulumi-language-go is a minimal Pulumi language host for Go programs.
//
// Pulumi's own Go language host is a separate Go module that the module proxy does not serve
// (the same situation as its Node.js host, see ../pulumi-language-nodejs). This host implements
// the part of the LanguageRuntime gRPC service that the engine uses for a Go program: which
// provider packages the program needs (from the pulumi-plugin.json files of the packages it
// imports), running it (`go build`, then the binary with the PULUMI_* environment the Go SDK
// reads), installing its modules, describing it, and generating a Go SDK from a schema for
// `pulumi package gen-sdk --language go`.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"

	"github.com/pulumi/pulumi/sdk/v3/go/common/util/rpcutil"
	"github.com/pulumi/pulumi/sdk/v3/go/common/version"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc"
	"google.golang.org/protobuf/types/known/emptypb"
)

type host struct {
	pulumirpc.UnimplementedLanguageRuntimeServer

	mu            sync.Mutex
	engineAddress string
}

func main() {
	showVersion := flag.Bool("version", false, "print the version and exit")
	flag.String("tracing", "", "ignored: accepted for compatibility with the engine's arguments")
	flag.String("binary", "", "ignored: the program's prebuilt binary is read from the runtime options")
	flag.String("buildTarget", "", "ignored: the build target is read from the runtime options")
	flag.String("root", "", "ignored: the engine sends the program's directories with each request")
	flag.Parse()
	if *showVersion {
		fmt.Println(version.Version)
		return
	}
	h := &host{}
	if args := flag.Args(); len(args) > 0 {
		h.engineAddress = args[0]
	}
	handle, err := rpcutil.ServeWithOptions(rpcutil.ServeOptions{
		Init: func(srv *grpc.Server) error {
			pulumirpc.RegisterLanguageRuntimeServer(srv, h)
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

func (h *host) engine() string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.engineAddress
}

// Handshake is the engine's first call to a host that supports it: the engine address comes
// with it instead of on the command line.
func (h *host) Handshake(_ context.Context, req *pulumirpc.LanguageHandshakeRequest) (*pulumirpc.LanguageHandshakeResponse, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if req.GetEngineAddress() != "" {
		h.engineAddress = req.GetEngineAddress()
	}
	return &pulumirpc.LanguageHandshakeResponse{}, nil
}

func (h *host) GetPluginInfo(context.Context, *emptypb.Empty) (*pulumirpc.PluginInfo, error) {
	return &pulumirpc.PluginInfo{Version: version.Version}, nil
}

// GetRequiredPackages names the provider packages the program imports, with the version and
// download URL their SDKs record, so the engine can install a missing provider by itself.
func (h *host) GetRequiredPackages(ctx context.Context, req *pulumirpc.GetRequiredPackagesRequest) (*pulumirpc.GetRequiredPackagesResponse, error) {
	dir, entry := programLocation(req.GetInfo(), "")
	pkgs, err := requiredPackages(ctx, dir, entry)
	if err != nil {
		return nil, err
	}
	return &pulumirpc.GetRequiredPackagesResponse{Packages: pkgs}, nil
}

// GetRequiredPlugins is the older form of GetRequiredPackages, kept for engines that ask it.
func (h *host) GetRequiredPlugins(ctx context.Context, req *pulumirpc.GetRequiredPluginsRequest) (*pulumirpc.GetRequiredPluginsResponse, error) {
	dir, entry := programLocation(req.GetInfo(), req.GetPwd())
	pkgs, err := requiredPackages(ctx, dir, entry)
	if err != nil {
		return nil, err
	}
	plugins := make([]*pulumirpc.PluginDependency, 0, len(pkgs))
	for _, p := range pkgs {
		plugins = append(plugins, &pulumirpc.PluginDependency{
			Name: p.GetName(), Kind: p.GetKind(), Version: p.GetVersion(), Server: p.GetServer(),
		})
	}
	return &pulumirpc.GetRequiredPluginsResponse{Plugins: plugins}, nil
}

func (h *host) Run(ctx context.Context, req *pulumirpc.RunRequest) (*pulumirpc.RunResponse, error) {
	dir, entry := programLocation(req.GetInfo(), req.GetPwd())
	return runProgram(ctx, runSpec{
		dir:     dir,
		entry:   entry,
		options: runtimeOptions(req.GetInfo()),
		env:     programEnv(req, h.engine()),
		args:    req.GetArgs(),
		stdout:  os.Stdout,
		stderr:  os.Stderr,
	}), nil
}

// InstallDependencies downloads the program's modules (`go mod download`), as `pulumi install`
// and `pulumi new` ask.
func (h *host) InstallDependencies(
	req *pulumirpc.InstallDependenciesRequest, server grpc.ServerStreamingServer[pulumirpc.InstallDependenciesResponse],
) error {
	closer, stdout, stderr, err := rpcutil.MakeInstallDependenciesStreams(server, req.GetIsTerminal())
	if err != nil {
		return err
	}
	defer closer.Close()
	dir := req.GetDirectory()
	if info := req.GetInfo(); info != nil && info.GetProgramDirectory() != "" {
		dir = info.GetProgramDirectory()
	}
	gobin, err := exec.LookPath("go")
	if err != nil {
		return errors.New("could not find go on the PATH: install Go to run Go programs")
	}
	fmt.Fprintln(stdout, "Downloading the program's Go modules (go mod download)")
	cmd := exec.CommandContext(server.Context(), gobin, "mod", "download")
	cmd.Dir = dir
	cmd.Stdout, cmd.Stderr = stdout, stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("go mod download failed in %s: %w", dir, err)
	}
	return closer.Close()
}

func (h *host) RuntimeOptionsPrompts(context.Context, *pulumirpc.RuntimeOptionsRequest) (*pulumirpc.RuntimeOptionsResponse, error) {
	return &pulumirpc.RuntimeOptionsResponse{}, nil
}

// About names the Go toolchain that builds the programs (`pulumi about`).
func (h *host) About(ctx context.Context, _ *pulumirpc.AboutRequest) (*pulumirpc.AboutResponse, error) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		return nil, errors.New("could not find go on the PATH")
	}
	out, err := exec.CommandContext(ctx, gobin, "env", "GOVERSION").Output()
	if err != nil {
		return nil, fmt.Errorf("go env GOVERSION failed: %w", err)
	}
	return &pulumirpc.AboutResponse{
		Executable: gobin,
		Version:    strings.TrimPrefix(strings.TrimSpace(string(out)), "go"),
	}, nil
}

// GetProgramDependencies lists the program's modules: those its go.mod requires directly, or
// every module of the build with TransitiveDependencies.
func (h *host) GetProgramDependencies(
	ctx context.Context, req *pulumirpc.GetProgramDependenciesRequest,
) (*pulumirpc.GetProgramDependenciesResponse, error) {
	dir, _ := programLocation(req.GetInfo(), req.GetPwd())
	deps, err := programDependencies(ctx, dir, req.GetTransitiveDependencies())
	if err != nil {
		return nil, err
	}
	return &pulumirpc.GetProgramDependenciesResponse{Dependencies: deps}, nil
}

// programLocation is the program's directory and its package to build (relative to it).
func programLocation(info *pulumirpc.ProgramInfo, pwd string) (dir, entry string) {
	dir, entry = pwd, "."
	if info != nil {
		if info.GetProgramDirectory() != "" {
			dir = info.GetProgramDirectory()
		}
		if info.GetEntryPoint() != "" {
			entry = info.GetEntryPoint()
		}
	}
	if dir == "" {
		dir, _ = os.Getwd()
	}
	if entry != "." && !strings.HasPrefix(entry, "./") && !strings.HasPrefix(entry, "/") {
		entry = "./" + entry
	}
	return dir, entry
}
