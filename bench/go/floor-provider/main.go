// The native floor of the benchmarks: a provider plugin on the Pulumi SDK's own provider server
// whose operations do nothing. Check returns the inputs, Create and Update store the inputs as
// the outputs (the id is the input `name`), Read returns the stored outputs, Diff compares the old
// and new inputs, Delete forgets. Its one resource, `floor:index:Thing`, takes the inputs of a
// strategy (name, triggers, rules) and of an activation (strategyIds). What a door costs beyond
// this provider is what the door itself adds: the floor is the cost of the engine and of any
// provider at all, in a language without a runtime to start.
package main

import (
	"context"
	"fmt"
	"os"

	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/provider"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/emptypb"
)

const version = "0.0.1"

// The schema Pulumi YAML asks for to type the program's properties.
const schema = `{"name":"floor","version":"0.0.1","resources":{"floor:index:Thing":{
"inputProperties":{"name":{"type":"string"},"triggers":{"type":"array","items":{"type":"string"}},
"rules":{"type":"array","items":{"type":"object","additionalProperties":{"$ref":"pulumi.json#/Any"}}},
"strategyIds":{"type":"array","items":{"type":"string"}}},
"properties":{"name":{"type":"string"}}}}}`

type floor struct {
	pulumirpc.UnimplementedResourceProviderServer
}

func (floor) GetPluginInfo(context.Context, *emptypb.Empty) (*pulumirpc.PluginInfo, error) {
	return &pulumirpc.PluginInfo{Version: version}, nil
}

func (floor) GetSchema(context.Context, *pulumirpc.GetSchemaRequest) (*pulumirpc.GetSchemaResponse, error) {
	return &pulumirpc.GetSchemaResponse{Schema: schema}, nil
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
	olds := req.GetOldInputs()
	if olds == nil {
		olds = req.GetOlds()
	}
	if proto.Equal(olds, req.GetNews()) {
		return &pulumirpc.DiffResponse{Changes: pulumirpc.DiffResponse_DIFF_NONE}, nil
	}
	return &pulumirpc.DiffResponse{Changes: pulumirpc.DiffResponse_DIFF_SOME}, nil
}

func (floor) Create(_ context.Context, req *pulumirpc.CreateRequest) (*pulumirpc.CreateResponse, error) {
	id := "thing"
	if name, ok := req.GetProperties().GetFields()["name"]; ok {
		id = name.GetStringValue()
	}
	return &pulumirpc.CreateResponse{Id: id, Properties: req.GetProperties()}, nil
}

func (floor) Read(_ context.Context, req *pulumirpc.ReadRequest) (*pulumirpc.ReadResponse, error) {
	return &pulumirpc.ReadResponse{Id: req.GetId(), Properties: req.GetProperties(), Inputs: req.GetInputs()}, nil
}

func (floor) Update(_ context.Context, req *pulumirpc.UpdateRequest) (*pulumirpc.UpdateResponse, error) {
	return &pulumirpc.UpdateResponse{Properties: req.GetNews()}, nil
}

func (floor) Delete(context.Context, *pulumirpc.DeleteRequest) (*emptypb.Empty, error) {
	return &emptypb.Empty{}, nil
}

func (floor) Cancel(context.Context, *emptypb.Empty) (*emptypb.Empty, error) {
	return &emptypb.Empty{}, nil
}

func main() {
	if err := provider.Main("floor", func(*provider.HostClient) (pulumirpc.ResourceProviderServer, error) {
		return floor{}, nil
	}); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
