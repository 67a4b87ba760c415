// Command pulumi-resource-pulumi-nodejs starts Pulumi's dynamic-provider host of a Node.js
// program (`@pulumi/pulumi/cmd/dynamic-provider`, found from the program's directory as the
// SDK's own launcher script finds it) and ends it with its engine.
//
// The engine runs this plugin to serve a TypeScript program's dynamic resources, and sends the
// host the stack's config, the account key included, before the first resource reaches it.
// The SDK's launcher is a shell script that runs the host as its child: under a `pulumi` killed
// with SIGKILL both served on, re-parented to init, and nothing watched the engine until the
// provider's code was loaded (provider/runtime/host-lifetime.ts starts its watch on the first
// configure). This launcher watches the engine from the first instant (cmd/internal/enginewatch)
// and kills the host when it is gone, configured or not. The host stays in the launcher's process
// group, the one the engine made for the plugin, so the engine's own stop (SIGINT to the group,
// then SIGKILL) reaches it as before; on Linux the host is also killed if the launcher dies.
package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"runtime"
	"strings"
	"syscall"

	"pulumi-strategy-alerts/pulumi-toolchain/cmd/internal/enginewatch"
)

const hostModule = "@pulumi/pulumi/cmd/dynamic-provider"

func main() {
	// The host's parent-death signal follows the thread that started it (pdeathsig_linux.go):
	// the main goroutine keeps its thread for the life of the process.
	runtime.LockOSThread()
	args := os.Args[1:]
	nodeBin, err := exec.LookPath("node")
	if err != nil {
		fail("could not find node on the PATH: %v", err)
	}
	// Node resolves the module from the working directory, the program's, as the SDK's script does.
	out, err := exec.Command(nodeBin, "-e", "process.stdout.write(require.resolve(process.argv[1]))", hostModule).Output()
	if err != nil {
		fail("could not find %s from %s: run `npm install` in the program's directory (%v)", hostModule, workDir(), err)
	}
	cmd := exec.Command(nodeBin, append([]string{strings.TrimSpace(string(out))}, args...)...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	dieWithParent(cmd)
	if err := cmd.Start(); err != nil {
		fail("could not start the dynamic-provider host: %v", err)
	}
	enginewatch.Start(enginewatch.EngineAddressOf(args), func(string) {
		_ = cmd.Process.Kill()
		os.Exit(0)
	})
	// The engine's stop signals the whole group, the host included; one sent to the launcher
	// alone is passed on. Either way the launcher waits for the host and ends as it ended.
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, os.Interrupt, syscall.SIGTERM)
	go func() {
		for s := range signals {
			_ = cmd.Process.Signal(s)
		}
	}()
	err = cmd.Wait()
	var exitErr *exec.ExitError
	if errors.As(err, &exitErr) {
		if ws, ok := exitErr.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			os.Exit(128 + int(ws.Signal()))
		}
		os.Exit(exitErr.ExitCode())
	}
	if err != nil {
		fail("the dynamic-provider host failed: %v", err)
	}
}

func workDir() string {
	dir, _ := os.Getwd()
	return dir
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "pulumi-resource-pulumi-nodejs: "+format+"\n", args...)
	os.Exit(1)
}
