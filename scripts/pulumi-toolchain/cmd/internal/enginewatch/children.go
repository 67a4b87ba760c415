package enginewatch

import (
	"os"
	"os/exec"
	"sync"
)

// Children are the processes a host started, each the leader of a process group of its own, so
// that ending one ends whatever it started too (a program may start processes of its own).
type Children struct {
	mu   sync.Mutex
	pids map[int]struct{}
}

// Start starts cmd as the leader of a new process group and keeps it until Done; cancelling
// cmd's context (the engine hung up on the call) ends the whole group, not its leader alone.
func (c *Children) Start(cmd *exec.Cmd) error {
	ownGroup(cmd)
	if cmd.Cancel != nil { // made by exec.CommandContext, whose own Cancel kills the leader alone
		cmd.Cancel = func() error {
			if err := killGroup(cmd.Process.Pid); err != nil {
				// Already gone: Wait reports how it ended.
				return os.ErrProcessDone
			}
			return nil
		}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if err := cmd.Start(); err != nil {
		return err
	}
	if c.pids == nil {
		c.pids = map[int]struct{}{}
	}
	c.pids[cmd.Process.Pid] = struct{}{}
	return nil
}

// Done forgets a child that has exited (its id may be reused).
func (c *Children) Done(cmd *exec.Cmd) {
	if cmd.Process == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.pids, cmd.Process.Pid)
}

// KillAll kills every child's process group with SIGKILL: nobody is left to wait for a
// graceful end, and the stack's config leaves with the processes.
func (c *Children) KillAll() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for pid := range c.pids {
		_ = killGroup(pid)
	}
}
