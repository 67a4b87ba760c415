package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"

	sdk "github.com/pulumi/pulumi/sdk/v3"
	"github.com/pulumi/pulumi/sdk/v3/go/common/apitype"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/rpcutil"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
)

// RunPlugin starts a plugin written in Node.js. The engine uses it for policy packs (kind
// `analyzer`): `pulumi preview --policy-pack <dir>` asks the language host named by the pack's
// PulumiPolicy.yaml to run the pack, and then talks the Analyzer protocol to whatever port the
// plugin prints first.
func (h *host) RunPlugin(req *pulumirpc.RunPluginRequest, server pulumirpc.LanguageRuntime_RunPluginServer) error {
	ctx := server.Context()
	info := req.GetInfo()
	if info == nil || info.GetProgramDirectory() == "" {
		return errors.New("the engine asked to run a plugin without naming its directory")
	}
	pluginDir := info.GetProgramDirectory()
	analyzer := req.GetKind() == string(apitype.AnalyzerPlugin)

	closer, stdout, stderr, err := rpcutil.MakeRunPluginStreams(server, false)
	if err != nil {
		return err
	}
	defer closer.Close()

	nodeBin, err := exec.LookPath("node")
	if err != nil {
		return fmt.Errorf("could not find node on the PATH: %w", err)
	}
	module := "@pulumi/pulumi/cmd/run-plugin"
	if analyzer {
		module = "@pulumi/pulumi/cmd/run-policy-pack"
	}
	runPath, err := resolveModule(ctx, nodeBin, pluginDir, module)
	if err != nil {
		return err
	}

	// The engine sends the environment the plugin must see; it comes last so its entries win.
	env := append(os.Environ(), req.GetEnv()...)
	if typescript(info) {
		env = append(env, "PULUMI_NODEJS_TYPESCRIPT=true")
	}
	args := []string{runPath}
	dir := req.GetPwd()
	var proxy *sdk.PolicyProxy
	if analyzer {
		// run-policy-pack takes the engine address first and the pack directory last, and
		// policy packs have always run from their own directory (their tsconfig.json is there).
		args = append(args, req.GetArgs()...)
		args = append(args, pluginDir)
		dir = pluginDir
		// The SDK's policy runner learns the stack only from its environment, which must be set
		// before it starts, while the engine sends the stack in ConfigureStack after the plugin
		// is up. The proxy answers the engine first, then starts forwarding to the real pack.
		proxy, stdout, err = sdk.NewPolicyProxy(ctx, stdout)
		if err != nil {
			return fmt.Errorf("could not start the policy pack proxy: %w", err)
		}
		stack, err := proxy.AwaitConfiguration(ctx)
		if err != nil {
			return fmt.Errorf("could not receive the stack configuration for the policy pack: %w", err)
		}
		stackEnv, err := policyPackEnv(stack)
		if err != nil {
			proxy.Abort(err)
			return err
		}
		env = append(env, stackEnv...)
	} else {
		args = append(args, pluginDir)
		args = append(args, req.GetArgs()...)
	}

	cmd := exec.CommandContext(ctx, nodeBin, args...)
	cmd.Dir = dir
	cmd.Env = env
	cmd.Stdout, cmd.Stderr = stdout, stderr
	if err := h.children.Start(cmd); err != nil {
		if proxy != nil {
			proxy.Abort(err)
		}
		return fmt.Errorf("could not start the Node.js plugin: %w", err)
	}
	if proxy != nil {
		// Attach reads the pack's port from its output, forwards the stack configuration and
		// every later call, and returns when the pack exits.
		err = proxy.Attach(ctx, cmd)
	} else {
		err = cmd.Wait()
	}
	h.children.Done(cmd)
	if err != nil {
		var exitErr *exec.ExitError
		if errors.As(err, &exitErr) {
			return fmt.Errorf("Program exited with non-zero exit code: %d", exitErr.ExitCode())
		}
		return fmt.Errorf("the Node.js plugin failed: %w", err)
	}
	return closer.Close()
}

// policyPackEnv is what the SDK's runtime reads to answer getStack(), getProject(),
// getOrganization(), isDryRun() and new Config() inside a policy pack.
func policyPackEnv(stack *pulumirpc.AnalyzerStackConfigureRequest) ([]string, error) {
	if stack == nil {
		// `pulumi policy publish` and similar commands run a pack outside any stack.
		return nil, nil
	}
	var env []string
	set := func(k, v string) {
		if v != "" {
			env = append(env, k+"="+v)
		}
	}
	set("PULUMI_NODEJS_ORGANIZATION", stack.GetOrganization())
	set("PULUMI_NODEJS_PROJECT", stack.GetProject())
	set("PULUMI_NODEJS_STACK", stack.GetStack())
	set("PULUMI_NODEJS_DRY_RUN", strconv.FormatBool(stack.GetDryRun()))
	config, err := legacyConfig(stack.GetConfig())
	if err != nil {
		return nil, err
	}
	set("PULUMI_CONFIG", config)
	secretKeys, err := jsonList(stack.GetConfigSecretKeys())
	if err != nil {
		return nil, err
	}
	set("PULUMI_CONFIG_SECRET_KEYS", secretKeys)
	return env, nil
}
