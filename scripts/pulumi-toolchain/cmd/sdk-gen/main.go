// Command sdk-gen writes the provider plugin's Go and Python SDKs from its package schema.
//
//	sdk-gen -schema provider/plugin/schema.json -version 0.2.0 -out sdk [-language go,python]
//	sdk-gen -schema provider/plugin/schema.json -version 0.2.0 -check   (print the binder's diagnostics)
//
// Each language goes to <out>/<language>, which ends up holding exactly the generated files
// (go.sum, written by `go mod tidy`, is kept).
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"pulumi-strategy-alerts/pulumi-toolchain/cmd/internal/sdkgen"
)

func main() {
	schemaPath := flag.String("schema", "", "the package schema (JSON)")
	version := flag.String("version", "", "the plugin version the SDKs are for")
	out := flag.String("out", "", "the directory to write <language>/ into")
	languages := flag.String("language", strings.Join(sdkgen.Languages, ","), "comma-separated languages")
	check := flag.Bool("check", false, "print the schema binder's diagnostics, one a line, and exit")
	flag.Parse()
	if err := run(*schemaPath, *version, *out, *languages, *check); err != nil {
		fmt.Fprintln(os.Stderr, "sdk-gen:", err)
		os.Exit(1)
	}
}

func run(schemaPath, version, out, languages string, check bool) error {
	if schemaPath == "" {
		return fmt.Errorf("-schema is required")
	}
	text, err := os.ReadFile(schemaPath)
	if err != nil {
		return err
	}
	if check {
		lines, err := sdkgen.Diagnostics(text, version)
		if err != nil {
			return err
		}
		for _, line := range lines {
			fmt.Println(line)
		}
		return nil
	}
	if out == "" {
		return fmt.Errorf("-out is required")
	}
	for _, language := range strings.Split(languages, ",") {
		files, err := sdkgen.Generate(language, text, sdkgen.Options{Version: version})
		if err != nil {
			return fmt.Errorf("%s: %w", language, err)
		}
		if err := sdkgen.Write(filepath.Join(out, language), files, "go.sum"); err != nil {
			return fmt.Errorf("%s: %w", language, err)
		}
	}
	return nil
}
