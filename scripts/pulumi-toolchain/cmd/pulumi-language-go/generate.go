package main

import (
	"context"
	"fmt"

	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"

	"pulumi-strategy-alerts/pulumi-toolchain/cmd/internal/sdkgen"
)

// GeneratePackage writes the Go SDK of a schema into the request's directory, for
// `pulumi package gen-sdk <schema> --language go`: the same generation (sdkgen) as the
// repository's own SDK, so the two never differ.
func (h *host) GeneratePackage(_ context.Context, req *pulumirpc.GeneratePackageRequest) (*pulumirpc.GeneratePackageResponse, error) {
	opts := sdkgen.Options{LocalDependencies: req.GetLocalDependencies()}
	if target := req.GetLoaderTarget(); target != "" {
		client, err := schema.NewLoaderClient(target)
		if err != nil {
			return nil, fmt.Errorf("could not reach the engine's schema loader: %w", err)
		}
		defer client.Close()
		opts.Loader = client
	}
	files, err := sdkgen.Generate("go", []byte(req.GetSchema()), opts)
	if err != nil {
		return nil, fmt.Errorf("could not generate the Go SDK: %w", err)
	}
	for name, content := range req.GetExtraFiles() {
		files[name] = content
	}
	if err := sdkgen.Write(req.GetDirectory(), files, "go.sum"); err != nil {
		return nil, fmt.Errorf("could not write the Go SDK to %s: %w", req.GetDirectory(), err)
	}
	return &pulumirpc.GeneratePackageResponse{}, nil
}
