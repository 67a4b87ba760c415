// The native floor of the benchmarks: a provider plugin named `strategy-alerts`, on the Pulumi Go
// SDK's own provider server, whose operations do nothing. It answers GetSchema with the package's
// own schema (schema.json beside the executable, written there by the bench with the version set),
// so the very same YAML program and Go program (sdk/go) run on it as on the real plugin. Check
// returns the inputs; Create and Update store the inputs as the outputs, adding `strategyId` (the
// one output the programs read: the activation holds the strategies' ids); Read returns what is
// stored; Diff compares old and new inputs; Delete forgets. A door's time beyond this provider is
// what the door itself adds: the floor is the engine, the language host, and a provider that costs
// nothing to start.
package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/provider"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/emptypb"
	"google.golang.org/protobuf/types/known/structpb"
)

// version is set at build time (-ldflags -X main.version=…) to the package's version.
var version = "0.0.0"

type floor struct {
	pulumirpc.UnimplementedResourceProviderServer
}

func (floor) GetPluginInfo(context.Context, *emptypb.Empty) (*pulumirpc.PluginInfo, error) {
	return &pulumirpc.PluginInfo{Version: version}, nil
}

func (floor) GetSchema(context.Context, *pulumirpc.GetSchemaRequest) (*pulumirpc.GetSchemaResponse, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	schema, err := os.ReadFile(filepath.Join(filepath.Dir(self), "schema.json"))
	return &pulumirpc.GetSchemaResponse{Schema: string(schema)}, err
}

func (floor) CheckConfig(_ context.Context, req *pulumirpc.CheckRequest) (*pulumirpc.CheckResponse, error) {
	return &pulumirpc.CheckResponse{Inputs: req.GetNews()}, nil
}

func (floor) DiffConfig(context.Context, *pulumirpc.DiffRequest) (*pulumirpc.DiffResponse, error) {
	return &pulumirpc.DiffResponse{Changes: pulumirpc.DiffResponse_DIFF_NONE}, nil
}

func (floor) Configure(context.Context, *pulumirpc.ConfigureRequest) (*pulumirpc.ConfigureResponse, error) {
	return &pulumirpc.ConfigureResponse{AcceptSecrets: true}, nil
}

func (floor) Check(_ context.Context, req *pulumirpc.CheckRequest) (*pulumirpc.CheckResponse, error) {
	return &pulumirpc.CheckResponse{Inputs: req.GetNews()}, nil
}

func (floor) Diff(_ context.Context, req *pulumirpc.DiffRequest) (*pulumirpc.DiffResponse, error) {
	if proto.Equal(req.GetOldInputs(), req.GetNews()) {
		return &pulumirpc.DiffResponse{Changes: pulumirpc.DiffResponse_DIFF_NONE}, nil
	}
	return &pulumirpc.DiffResponse{Changes: pulumirpc.DiffResponse_DIFF_SOME}, nil
}

// outputs are the inputs, plus the id as `strategyId` for a strategy.
func outputs(urn, id string, inputs *structpb.Struct) *structpb.Struct {
	out := proto.Clone(inputs).(*structpb.Struct)
	if out.Fields == nil {
		out.Fields = map[string]*structpb.Value{}
	}
	if strings.Contains(urn, "::strategy-alerts:index:Strategy::") {
		out.Fields["strategyId"] = structpb.NewStringValue(id)
	}
	return out
}

func (floor) Create(_ context.Context, req *pulumirpc.CreateRequest) (*pulumirpc.CreateResponse, error) {
	// The resource's name: unique in a stack, so it serves as an id.
	id := req.GetUrn()[strings.LastIndex(req.GetUrn(), "::")+2:]
	return &pulumirpc.CreateResponse{Id: id, Properties: outputs(req.GetUrn(), id, req.GetProperties())}, nil
}

func (floor) Read(_ context.Context, req *pulumirpc.ReadRequest) (*pulumirpc.ReadResponse, error) {
	return &pulumirpc.ReadResponse{Id: req.GetId(), Properties: req.GetProperties(), Inputs: req.GetInputs()}, nil
}

func (floor) Update(_ context.Context, req *pulumirpc.UpdateRequest) (*pulumirpc.UpdateResponse, error) {
	return &pulumirpc.UpdateResponse{Properties: outputs(req.GetUrn(), req.GetId(), req.GetNews())}, nil
}

func (floor) Delete(context.Context, *pulumirpc.DeleteRequest) (*emptypb.Empty, error) {
	return &emptypb.Empty{}, nil
}

func (floor) Cancel(context.Context, *emptypb.Empty) (*emptypb.Empty, error) {
	return &emptypb.Empty{}, nil
}

func main() {
	err := provider.Main("strategy-alerts", func(*provider.HostClient) (pulumirpc.ResourceProviderServer, error) {
		return floor{}, nil
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
