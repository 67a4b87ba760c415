//go:build unix

package enginewatch

import (
	"os/exec"
	"syscall"
)

func ownGroup(cmd *exec.Cmd) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Setpgid = true
}

// killGroup kills the process group whose leader is pid (a negative pid names the group).
func killGroup(pid int) error {
	return syscall.Kill(-pid, syscall.SIGKILL)
}
