package sdkgen

import (
	"encoding/json"
	"fmt"
	"regexp"
)

// snakeValue is an enum value that is already a Python constant in lower case (volume_24h).
var snakeValue = regexp.MustCompile(`^[a-z][a-z0-9]*(_[a-z0-9]+)*$`)

// pythonEnumNames drops the name of each enum value that is a snake_case word, for the Python
// generation only. The schema names such values in Pascal case for Go (`Volume24h`, since Go's
// generator keeps a value's underscores in its constant), and one name serves every language;
// codegen/python snake-cases the name again and runs digits into the word before them
// (`VOLUME24H`, `TOP10_HOLDER_PERCENT`), while from the value itself it writes `VOLUME_24H` and
// `TOP_10_HOLDER_PERCENT`.
func pythonEnumNames(schemaJSON []byte) ([]byte, error) {
	var spec map[string]json.RawMessage
	if err := json.Unmarshal(schemaJSON, &spec); err != nil {
		return nil, fmt.Errorf("reading the package schema: %w", err)
	}
	var types map[string]map[string]json.RawMessage
	if raw, ok := spec["types"]; ok {
		if err := json.Unmarshal(raw, &types); err != nil {
			return nil, fmt.Errorf("reading the package schema's types: %w", err)
		}
	}
	for tok, t := range types {
		raw, ok := t["enum"]
		if !ok {
			continue
		}
		var values []map[string]any
		if err := json.Unmarshal(raw, &values); err != nil {
			return nil, fmt.Errorf("reading the enum %s: %w", tok, err)
		}
		for _, v := range values {
			if s, ok := v["value"].(string); ok && snakeValue.MatchString(s) {
				delete(v, "name")
			}
		}
		edited, err := json.Marshal(values)
		if err != nil {
			return nil, err
		}
		t["enum"] = edited
	}
	if types != nil {
		edited, err := json.Marshal(types)
		if err != nil {
			return nil, err
		}
		spec["types"] = edited
	}
	return json.Marshal(spec)
}
