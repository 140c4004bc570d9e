package mapping

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/knn"
	"github.com/clustersearch/clustersearch-go/internal/engine/settings"
)

// knnComponent is a method parameter given as an object: the plugin reads
// every such object as a sub-component (MethodComponentContext), of which
// the only real one is the "encoder".
type knnComponent struct {
	name   string
	params jsonout.Object // nil when "parameters": null
}

// parseComponent is MethodComponentContext.parse.
func parseComponent(o jsonout.Object) (*knnComponent, *apierr.Error) {
	c := &knnComponent{params: jsonout.Object{}}
	for _, f := range o {
		switch f.Key {
		case "name":
			s, ok := f.Value.(string)
			if !ok {
				return nil, apierr.MapperParsing("Component name should be a string")
			}
			c.name = s
		case "parameters":
			params, _, err := parseParameters(f.Value, "")
			if err != nil {
				return nil, err
			}
			c.params = params
		default:
			return nil, apierr.MapperParsing("Invalid parameter for MethodComponentContext: %s", f.Key)
		}
	}
	if c.name == "" {
		return nil, apierr.MapperParsing("name needs to be set")
	}
	return c, nil
}

// parseParameters reads a method component's parameters: null (isNull),
// or an object whose object values are sub-components. component names the
// component in the error, as the plugin does ("main", or "" for an encoder,
// whence the double space).
func parseParameters(v any, component string) (params jsonout.Object, isNull bool, err *apierr.Error) {
	if v == nil {
		return nil, true, nil
	}
	o, ok := v.(jsonout.Object)
	if !ok {
		return nil, false, apierr.MapperParsing("Unable to parse parameters for %s method component", component)
	}
	params, err = parseComponentParams(o)
	return params, false, err
}

// parseComponentParams reads every object-valued parameter as a
// sub-component, as the plugin's parsers do.
func parseComponentParams(p jsonout.Object) (jsonout.Object, *apierr.Error) {
	out := make(jsonout.Object, len(p))
	for i, f := range p {
		out[i] = f
		if o, ok := f.Value.(jsonout.Object); ok {
			c, err := parseComponent(o)
			if err != nil {
				return nil, err
			}
			out[i].Value = c
		}
	}
	return out, nil
}

// AppendJSON prints the component as the mapping shows it: the name, then
// the parameters in a Java HashMap's order.
func (c *knnComponent) AppendJSON(dst []byte) []byte {
	o := jsonout.Object{{Key: "name", Value: c.name}, {Key: "parameters", Value: hashOrdered(c.params)}}
	if c.params == nil {
		o[1].Value = nil
	}
	b, _ := jsonout.Marshal(o)
	return append(dst, b...)
}

// hashOrdered returns p's fields in a java.util.HashMap's iteration order.
func hashOrdered(p jsonout.Object) jsonout.Object {
	keys := make([]string, len(p))
	for i, kv := range p {
		keys[i] = kv.Key
	}
	out := make(jsonout.Object, 0, len(p))
	for _, k := range settings.HashMapOrder(keys) {
		v, _ := p.Get(k)
		out = append(out, jsonout.Field{Key: k, Value: v})
	}
	return out
}

// paramKind is the Java type a method parameter must have.
type paramKind uint8

const (
	kindInt paramKind = iota
	kindDouble
	kindString
	kindBool
	kindComponent
)

var kindNames = [...]string{"Integer", "Double", "String", "Boolean", "MethodComponentContext"}

// knnParam is one parameter a method component takes (Parameter): its type
// and the check its value must pass.
type knnParam struct {
	name string
	kind paramKind
	// ok checks a value of the right kind: an int64 for kindInt, a float64
	// for kindDouble, a string, a bool, or a *knnComponent.
	ok func(v any, cfg *KNNConfig) bool
}

// knnEncoder is one encoder a method accepts (Encoder): its data types, its
// parameters, whether it needs training and the compression it gives.
type knnEncoder struct {
	dataTypes []string
	params    []knnParam
	training  bool
	// compression is calculateCompressionLevel: "" when it cannot be told,
	// or the parameters' validation failure.
	compression func(enc *knnEncoder, c *knnComponent, cfg *KNNConfig) (string, *apierr.Error)
}

func positive(v any, _ *KNNConfig) bool { return v.(int64) > 0 }

func fixed(level string) func(*knnEncoder, *knnComponent, *KNNConfig) (string, *apierr.Error) {
	return func(*knnEncoder, *knnComponent, *KNNConfig) (string, *apierr.Error) { return level, nil }
}

// encodersOf returns the encoders each engine's hnsw method takes, by name
// (FaissHNSWMethod, LuceneHNSWMethod; nmslib takes none).
func encodersOf(e knn.Engine) map[string]*knnEncoder {
	switch e {
	case knn.Faiss:
		return map[string]*knnEncoder{
			"flat": {dataTypes: []string{DataFloat, DataByte, DataBinary}, compression: fixed("1x")},
			"sq": {
				dataTypes: []string{DataFloat},
				params: []knnParam{
					{"type", kindString, func(v any, _ *KNNConfig) bool { return v == "fp16" }},
					{"clip", kindBool, func(any, *KNNConfig) bool { return true }},
				},
				compression: fixed("2x"),
			},
			"pq": {
				dataTypes: []string{DataFloat},
				params: []knnParam{
					{"m", kindInt, func(v any, cfg *KNNConfig) bool {
						m := v.(int64)
						return m > 0 && m < 1024 && cfg.Dimension%int(m) == 0
					}},
					{"code_size", kindInt, func(v any, _ *KNNConfig) bool { return v.(int64) == 8 }},
				},
				training:    true,
				compression: pqCompression,
			},
			"binary": {
				dataTypes: []string{DataFloat},
				params: []knnParam{{"bits", kindInt, func(v any, _ *KNNConfig) bool {
					b := v.(int64)
					return b == 1 || b == 2 || b == 4
				}}},
				compression: bitsCompression,
			},
		}
	case knn.Lucene:
		return map[string]*knnEncoder{"sq": {
			dataTypes: []string{DataFloat},
			params: []knnParam{
				{"confidence_interval", kindDouble, func(v any, _ *KNNConfig) bool {
					f := v.(float64)
					return f == 0 || f >= 0.9 && f <= 1.0
				}},
				{"bits", kindInt, func(v any, _ *KNNConfig) bool { return v.(int64) == 7 }},
			},
			compression: fixed("4x"),
		}}
	}
	return nil
}

// methodParamSpecs are the parameters of each engine's method, as
// methodParams names them.
func methodParamSpecs(e knn.Engine, method string) []knnParam {
	var out []knnParam
	for _, name := range methodParams(e, method) {
		if name == "encoder" {
			encoders := encodersOf(e)
			out = append(out, knnParam{name, kindComponent, func(v any, cfg *KNNConfig) bool {
				c := v.(*knnComponent)
				enc := encoders[c.name]
				return enc != nil && len(enc.validate(c, cfg)) == 0
			}})
			continue
		}
		out = append(out, knnParam{name, kindInt, positive})
	}
	return out
}

// validate is MethodComponent.validate for an encoder.
func (enc *knnEncoder) validate(c *knnComponent, cfg *KNNConfig) []string {
	var errs []string
	if !contains(enc.dataTypes, cfg.DataType) {
		errs = append(errs, fmt.Sprintf("Method \"%s\" is not supported for vector data type \"%s\".", c.name, strings.ToUpper(cfg.DataType)))
	}
	return append(errs, validateParams(enc.params, c.params, cfg)...)
}

// validateParams is ParameterValidator.validateParameters: each given
// parameter, in a Java HashMap's order, checked against its declaration.
func validateParams(specs []knnParam, given jsonout.Object, cfg *KNNConfig) []string {
	var errs []string
	for _, f := range hashOrdered(given) {
		var spec *knnParam
		for i := range specs {
			if specs[i].name == f.Key {
				spec = &specs[i]
			}
		}
		if spec == nil {
			errs = append(errs, "Unknown parameter '"+f.Key+"' found")
			continue
		}
		if msg := spec.check(f.Value, cfg); msg != "" {
			errs = append(errs, msg)
		}
	}
	return errs
}

// check is Parameter.validate: the value's Java type, then its validator.
func (p *knnParam) check(raw any, cfg *KNNConfig) string {
	kind := kindNames[p.kind]
	v, ok := javaValue(raw, p.kind)
	if !ok {
		if p.kind == kindDouble && raw == nil {
			return fmt.Sprintf("Null value provided for Double parameter \"%s\".", p.name)
		}
		if p.kind == kindComponent {
			return fmt.Sprintf("value is not an instance of for MethodComponentContext parameter [%s].", p.name)
		}
		return fmt.Sprintf("value is not an instance of %s for %s parameter [%s].", kind, kind, p.name)
	}
	if !p.ok(v, cfg) {
		return fmt.Sprintf("parameter validation failed for %s parameter [%s].", kind, p.name)
	}
	return ""
}

// javaValue converts a parsed JSON value to what the parameter's Java type
// accepts: a JSON integer that fits an int is an Integer, one with a
// fraction or exponent is a Double (an integer 0 counts as 0.0 for a Double
// parameter, as DoubleParameter allows).
func javaValue(raw any, kind paramKind) (any, bool) {
	switch kind {
	case kindInt:
		n, ok := raw.(json.Number)
		if !ok || strings.ContainsAny(n.String(), ".eE") {
			return nil, false
		}
		i, err := strconv.ParseInt(n.String(), 10, 64)
		if err != nil || i < math.MinInt32 || i > math.MaxInt32 {
			return nil, false
		}
		return i, true
	case kindDouble:
		n, ok := raw.(json.Number)
		if !ok {
			return nil, false
		}
		if !strings.ContainsAny(n.String(), ".eE") {
			return 0.0, n.String() == "0"
		}
		f, err := n.Float64()
		return f, err == nil
	case kindString:
		s, ok := raw.(string)
		return s, ok
	case kindBool:
		b, ok := raw.(bool)
		return b, ok
	}
	c, ok := raw.(*knnComponent)
	return c, ok
}

// pqCompression is the PQ encoders' level: 32·dimension bits over
// m·code_size, rounded down to a supported level.
func pqCompression(enc *knnEncoder, c *knnComponent, cfg *KNNConfig) (string, *apierr.Error) {
	mRaw, hasM := c.params.Get("m")
	csRaw, hasCS := c.params.Get("code_size")
	if !hasM || !hasCS {
		return "", nil
	}
	var vals [2]int64
	for i, raw := range []any{mRaw, csRaw} {
		spec := &enc.params[i]
		if msg := spec.check(raw, cfg); msg != "" {
			return "", validationFailed(msg)
		}
		v, _ := javaValue(raw, kindInt)
		vals[i] = v.(int64)
	}
	ratio := float32(cfg.Dimension) * 32 / float32(vals[0]*vals[1])
	for _, l := range []struct {
		below float32
		level string
	}{{2, "1x"}, {4, "2x"}, {8, "4x"}, {16, "8x"}, {32, "16x"}} {
		if ratio < l.below {
			return l.level, nil
		}
	}
	return "32x", nil
}

// bitsCompression is the binary encoder's level: 1, 2 or 4 bits a
// dimension are 32x, 16x and 8x.
func bitsCompression(enc *knnEncoder, c *knnComponent, cfg *KNNConfig) (string, *apierr.Error) {
	raw, ok := c.params.Get("bits")
	if !ok {
		return "", nil
	}
	if msg := enc.params[0].check(raw, cfg); msg != "" {
		return "", validationFailed(msg)
	}
	v, _ := javaValue(raw, kindInt)
	return map[int64]string{1: "32x", 2: "16x", 4: "8x"}[v.(int64)], nil
}

// encoderOf returns the method's encoder component, if one is given as an
// object.
func encoderOf(m *knnMethod) *knnComponent {
	if m == nil {
		return nil
	}
	v, _ := m.params.Get("encoder")
	c, _ := v.(*knnComponent)
	return c
}

// resolveEncoder is the engines' method resolvers past validateConfig: the
// compression a given encoder implies must not contradict the configured
// one, and an encoder that needs training makes the method need it. It
// records what the resolved encoder does to vectors: faiss's fp16 scalar
// quantizer (the "sq" encoder, or 2x compression) makes values fit half
// precision; its binary quantization (the "binary" encoder, or 8x to 32x
// compression, which on_disk defaults to) makes searches compare bits.
func resolveEncoder(cfg *KNNConfig, m *knnMethod, configured string) *apierr.Error {
	enc := encoderOf(m)
	if enc == nil {
		cfg.Compression = configured
		if cfg.DataType != DataFloat || cfg.Engine == knn.NMSLIB {
			return nil
		}
		if configured == "" && cfg.Mode == "on_disk" {
			cfg.Compression = map[knn.Engine]string{knn.Faiss: "32x", knn.Lucene: "4x"}[cfg.Engine]
		}
		if cfg.Engine == knn.Faiss {
			cfg.FP16 = cfg.Compression == "2x"
			cfg.QuantBits = map[string]int{"8x": 4, "16x": 2, "32x": 1}[cfg.Compression]
		}
		return nil
	}
	spec := encodersOf(cfg.Engine)[enc.name]
	if spec != nil && m.params != nil {
		level, err := spec.compression(spec, enc, cfg)
		if err != nil {
			return err
		}
		if configured != "" && level != "" && level != configured {
			return validationFailed("Cannot specify an encoder that conflicts with the provided compression level")
		}
		cfg.Compression = level
	}
	if cfg.Engine == knn.NMSLIB {
		return nil // nmslib's hnsw has no encoder parameter: validation reports it
	}
	if spec == nil {
		// The plugin looks the unknown encoder up while asking whether the
		// method needs training and dereferences the missing component.
		msg := `Cannot invoke "org.opensearch.knn.index.engine.MethodComponent.isTrainingRequired(org.opensearch.knn.index.engine.MethodComponentContext)" because "methodComponent" is null`
		return &apierr.Error{Status: 500, Type: "null_pointer_exception", Reason: msg}
	}
	if spec.training {
		return validationFailed("\"method\" requires training.")
	}
	if cfg.Engine != knn.Faiss {
		return nil
	}
	switch enc.name {
	case "sq":
		t, hasType := enc.params.Get("type")
		cfg.FP16 = !hasType || t == "fp16"
		clip, _ := enc.params.Get("clip")
		cfg.FP16Clip = clip == true
	case "binary":
		cfg.QuantBits = 1
		if raw, ok := enc.params.Get("bits"); ok {
			if v, ok := javaValue(raw, kindInt); ok {
				cfg.QuantBits = int(v.(int64))
			}
		}
	}
	return nil
}

// fp16Max is the largest finite half-precision value.
const fp16Max = 65504

// processFP16 is the faiss fp16 encoder's per-dimension processing: values
// clipped to the fp16 range when "clip" is set, refused outside it
// otherwise.
func processFP16(f float32, cfg *KNNConfig) (float32, *apierr.Error) {
	if cfg.FP16Clip {
		f = float32(math.Max(-fp16Max, math.Min(fp16Max, float64(f))))
	}
	if f < -fp16Max || f > fp16Max {
		return f, apierr.IllegalArgument("encoder name is set as [sq] and type is set as [fp16] in index mapping. But, KNN vector values are not within in the FP16 range [-65504.000000, 65504.000000]")
	}
	return f, nil
}
