//go:build !unix

package enginewatch

import (
	"os"
	"os/exec"
)

// Without process groups, only the child itself is ended.
func ownGroup(*exec.Cmd) {}

func killGroup(pid int) error {
	p, err := os.FindProcess(pid)
	if err != nil {
		return err
	}
	return p.Kill()
}
