package conformance

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"strconv"

	"gopkg.in/yaml.v3"
)

// FromYAML converts a YAML node into the value model, keeping key order and
// number literals (so `1.0` is sent as `1.0` and big integers stay exact).
func FromYAML(n *yaml.Node) (any, error) {
	return fromYAML(n, 0)
}

func fromYAML(n *yaml.Node, depth int) (any, error) {
	if n == nil {
		return nil, nil
	}
	if depth > maxDepth {
		return nil, errors.New("YAML nested too deeply")
	}
	switch n.Kind {
	case yaml.DocumentNode:
		if len(n.Content) == 0 {
			return nil, nil
		}
		return fromYAML(n.Content[0], depth+1)
	case yaml.AliasNode:
		return fromYAML(n.Alias, depth+1)
	case yaml.SequenceNode:
		list := make([]any, 0, len(n.Content))
		for _, c := range n.Content {
			v, err := fromYAML(c, depth+1)
			if err != nil {
				return nil, err
			}
			list = append(list, v)
		}
		return list, nil
	case yaml.MappingNode:
		m := NewMap()
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i]
			if k.Kind != yaml.ScalarNode {
				return nil, fmt.Errorf("line %d: map key is not a scalar", k.Line)
			}
			v, err := fromYAML(n.Content[i+1], depth+1)
			if err != nil {
				return nil, err
			}
			m.Set(k.Value, v)
		}
		return m, nil
	case yaml.ScalarNode:
		return scalar(n)
	default:
		return nil, fmt.Errorf("line %d: unsupported YAML node", n.Line)
	}
}

func scalar(n *yaml.Node) (any, error) {
	switch n.ShortTag() {
	case "!!null":
		return nil, nil
	case "!!bool":
		var b bool
		if err := n.Decode(&b); err != nil {
			return nil, fmt.Errorf("line %d: %w", n.Line, err)
		}
		return b, nil
	case "!!int":
		if json.Valid([]byte(n.Value)) {
			return Number(n.Value), nil
		}
		// 0x1F, 0o17, 1_000 and friends: let yaml resolve, then print.
		var i big.Int
		var i64 int64
		if err := n.Decode(&i64); err == nil {
			return Number(strconv.FormatInt(i64, 10)), nil
		}
		var u64 uint64
		if err := n.Decode(&u64); err == nil {
			return Number(i.SetUint64(u64).String()), nil
		}
		return n.Value, nil
	case "!!float":
		if json.Valid([]byte(n.Value)) {
			return Number(n.Value), nil
		}
		var f float64
		if err := n.Decode(&f); err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
			return n.Value, nil
		}
		return Number(strconv.FormatFloat(f, 'g', -1, 64)), nil
	default:
		return n.Value, nil
	}
}
