package main

import (
	"os/exec"
	"syscall"
)

// dieWithParent has the kernel kill the host when the launcher dies, however it dies (a SIGKILL
// of the launcher alone included), so no host is ever left without its watch.
func dieWithParent(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
