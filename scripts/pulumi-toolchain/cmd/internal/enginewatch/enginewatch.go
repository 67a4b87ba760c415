// Package enginewatch ends a Go process of the toolchain, and the Node.js processes it started,
// once the Pulumi engine that started it is gone: our Node.js language host (and the program it
// runs) and our dynamic-provider launcher (and Pulumi's dynamic-provider host it runs).
//
// The engine stops its plugins at the end of a command, but a `pulumi` killed with SIGKILL, or
// ended by SIGPIPE, never does, and it starts every plugin in a process group of its own, so
// nothing else ends them: the language host served on for good, re-parented to init, and its
// program and the dynamic-provider host held the stack's decrypted config, the account key
// included. This is the Go twin of provider/runtime/engine-watch.ts, with the same two signs,
// checked about once a second: the parent process changed (the kernel re-parents an orphan), or
// the engine's address refused the gRPC health check that every Pulumi engine serves twice in a
// row (one refusal may be a blip). A check that goes unanswered is no sign: a suspended `pulumi`
// still holds its socket.
package enginewatch

import (
	"context"
	"os"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/status"
)

// Answer is what one health check of the engine found.
type Answer int

const (
	// Alive: the engine answered, whatever it answered (UNIMPLEMENTED included).
	Alive Answer = iota
	// Gone: the engine's address refused the connection.
	Gone
	// Unsure: no answer in time; a suspended engine still holds its socket open.
	Unsure
)

// Probes is what the watch looks at; injected so its logic is tested without processes.
type Probes struct {
	// ParentPid is the id of the process's parent, read afresh on every call.
	ParentPid func() int
	// Engine health-checks the engine; nil when the process was given no engine address.
	Engine func(ctx context.Context) Answer
}

// Watch holds the state of the probes between rounds.
type Watch struct {
	probes         Probes
	initialParent  int
	refusals       int
	refusalsToExit int
}

// New reads the parent once, as the one the engine gave the process.
func New(probes Probes) *Watch {
	return &Watch{probes: probes, initialParent: probes.ParentPid(), refusalsToExit: 2}
}

// Probe runs one round: why the engine is gone, or "" while it seems alive.
func (w *Watch) Probe(ctx context.Context) string {
	if parent := w.probes.ParentPid(); parent != w.initialParent {
		return "the parent process that started it has exited"
	}
	if w.probes.Engine == nil {
		return ""
	}
	switch w.probes.Engine(ctx) {
	case Alive:
		w.refusals = 0
	case Gone:
		w.refusals++
	}
	if w.refusals >= w.refusalsToExit {
		return "the engine refused its health checks"
	}
	return ""
}

// Run probes every interval until the engine is gone, then returns the reason.
func (w *Watch) Run(ctx context.Context, interval time.Duration) string {
	ticker := time.NewTicker(interval)
	defer ticker.Stop()
	for {
		select {
		case <-ctx.Done():
			return ""
		case <-ticker.C:
			if reason := w.Probe(ctx); reason != "" {
				return reason
			}
		}
	}
}

// HealthProbe is a `grpc.health.v1.Health/Check` of the engine at address. Only UNAVAILABLE
// (the connection refused or closed) counts as gone, a timeout as unsure.
func HealthProbe(address string, timeout time.Duration) (func(ctx context.Context) Answer, func() error, error) {
	conn, err := grpc.NewClient(address, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		return nil, nil, err
	}
	client := healthpb.NewHealthClient(conn)
	check := func(ctx context.Context) Answer {
		ctx, cancel := context.WithTimeout(ctx, timeout)
		defer cancel()
		_, err := client.Check(ctx, &healthpb.HealthCheckRequest{})
		switch status.Code(err) {
		case codes.Unavailable:
			return Gone
		case codes.DeadlineExceeded:
			return Unsure
		default:
			return Alive
		}
	}
	return check, conn.Close, nil
}

// EngineAddressOf is the engine's address among a plugin's arguments: the first one that is not
// a flag. The engine may put its logging flags (`--logtostderr`, `-v=9`) and `--tracing <url>`
// first.
func EngineAddressOf(args []string) string {
	for i := 0; i < len(args); i++ {
		switch {
		case args[i] == "--tracing":
			i++
		case len(args[i]) > 0 && args[i][0] == '-':
		default:
			return args[i]
		}
	}
	return ""
}

// Start watches the engine at address (none: the parent alone) in the background and calls
// onGone once, with the reason, when it is gone. onGone must end the process.
func Start(address string, onGone func(reason string)) {
	probes := Probes{ParentPid: os.Getppid}
	if address != "" {
		if check, _, err := HealthProbe(address, 3*time.Second); err == nil {
			probes.Engine = check
		}
	}
	w := New(probes)
	go func() { onGone(w.Run(context.Background(), time.Second)) }()
}
