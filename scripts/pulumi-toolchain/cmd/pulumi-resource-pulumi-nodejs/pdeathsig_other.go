//go:build !linux

package main

import "os/exec"

// Only Linux has a parent-death signal; elsewhere the engine watch alone ends the host.
func dieWithParent(*exec.Cmd) {}
