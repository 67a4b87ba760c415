package enginewatch

import (
	"context"
	"net"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/health"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
)

// fakeProbes is a parent and an engine the test changes between rounds.
type fakeProbes struct {
	parent  int
	answers []Answer
}

func (f *fakeProbes) probes() Probes {
	return Probes{
		ParentPid: func() int { return f.parent },
		Engine: func(context.Context) Answer {
			a := f.answers[0]
			if len(f.answers) > 1 {
				f.answers = f.answers[1:]
			}
			return a
		},
	}
}

func TestProbeEndsWhenTheParentChanges(t *testing.T) {
	f := &fakeProbes{parent: 100, answers: []Answer{Alive}}
	w := New(f.probes())
	if r := w.Probe(context.Background()); r != "" {
		t.Fatalf("alive engine and parent: got %q", r)
	}
	f.parent = 1
	if r := w.Probe(context.Background()); r == "" {
		t.Fatal("a re-parented process must end")
	}
}

func TestProbeEndsAfterTwoRefusalsInARowOnly(t *testing.T) {
	f := &fakeProbes{parent: 100, answers: []Answer{Gone, Alive, Gone, Unsure, Unsure, Gone}}
	w := New(f.probes())
	ctx := context.Background()
	// Gone, then Alive: the refusal was a blip.
	for i := range 2 {
		if r := w.Probe(ctx); r != "" {
			t.Fatalf("round %d: got %q", i, r)
		}
	}
	// Gone, then two unanswered checks: a suspended engine is no sign, nor does it reset.
	for i := range 3 {
		if r := w.Probe(ctx); r != "" {
			t.Fatalf("round %d: got %q", i+2, r)
		}
	}
	if r := w.Probe(ctx); r == "" {
		t.Fatal("the second refusal must end the process")
	}
}

func TestProbeWithoutAddressWatchesTheParentAlone(t *testing.T) {
	parent := 100
	w := New(Probes{ParentPid: func() int { return parent }})
	if r := w.Probe(context.Background()); r != "" {
		t.Fatalf("got %q", r)
	}
	parent = 1
	if r := w.Probe(context.Background()); r == "" {
		t.Fatal("a re-parented process must end")
	}
}

func TestEngineAddressOf(t *testing.T) {
	cases := map[string][]string{
		"127.0.0.1:4000": {"--logtostderr", "-v=9", "--tracing", "http://t", "127.0.0.1:4000", "x"},
		"":               {"--tracing", "127.0.0.1:1"},
		"host:1":         {"host:1"},
	}
	for want, args := range cases {
		if got := EngineAddressOf(args); got != want {
			t.Errorf("EngineAddressOf(%q) = %q, want %q", args, got, want)
		}
	}
}

func TestHealthProbeSeesAServingEngineAliveAndAStoppedOneGone(t *testing.T) {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := grpc.NewServer()
	healthpb.RegisterHealthServer(srv, health.NewServer())
	go func() { _ = srv.Serve(lis) }()
	check, closeProbe, err := HealthProbe(lis.Addr().String(), 3*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = closeProbe() }()
	if a := check(context.Background()); a != Alive {
		t.Fatalf("serving engine: got %v", a)
	}
	srv.Stop()
	// The client may first see the closed connection, then the refused one.
	deadline := time.Now().Add(10 * time.Second)
	for check(context.Background()) != Gone {
		if time.Now().After(deadline) {
			t.Fatal("a stopped engine was never found gone")
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func TestHealthProbeTakesUnimplementedAsAlive(t *testing.T) {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := grpc.NewServer() // no health service: every call is UNIMPLEMENTED
	go func() { _ = srv.Serve(lis) }()
	defer srv.Stop()
	check, closeProbe, err := HealthProbe(lis.Addr().String(), 3*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = closeProbe() }()
	if a := check(context.Background()); a != Alive {
		t.Fatalf("got %v", a)
	}
}

func running(pid int) bool {
	out, err := exec.Command("ps", "-o", "stat=", "-p", strconv.Itoa(pid)).Output()
	return err == nil && !strings.HasPrefix(strings.TrimSpace(string(out)), "Z")
}

// startFamily starts, through children, a child that starts a grandchild; returns the grandchild.
func startFamily(t *testing.T, children *Children, cmd *exec.Cmd) int {
	t.Helper()
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := children.Start(cmd); err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 32)
	n, _ := out.Read(buf)
	grandchild, err := strconv.Atoi(strings.TrimSpace(string(buf[:n])))
	if err != nil {
		t.Fatalf("no grandchild id: %q", buf[:n])
	}
	if pgid, _ := syscall.Getpgid(cmd.Process.Pid); pgid != cmd.Process.Pid {
		t.Fatalf("the child leads no group of its own: pgid %d", pgid)
	}
	return grandchild
}

func untilGone(t *testing.T, pid int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for running(pid) {
		if time.Now().After(deadline) {
			t.Fatalf("process %d is still running", pid)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

const family = "sleep 60 & echo $!; wait"

func TestKillAllEndsEachChildWithWhatItStarted(t *testing.T) {
	var children Children
	cmd := exec.Command("sh", "-c", family)
	grandchild := startFamily(t, &children, cmd)
	children.KillAll()
	_ = cmd.Wait()
	untilGone(t, grandchild)
}

func TestACancelledCallEndsTheChildWithWhatItStarted(t *testing.T) {
	var children Children
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, "sh", "-c", family)
	grandchild := startFamily(t, &children, cmd)
	cancel()
	_ = cmd.Wait()
	children.Done(cmd)
	untilGone(t, grandchild)
}
