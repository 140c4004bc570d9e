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

// TypeKNNVector is the k-NN plugin's vector field (KNNVectorFieldMapper).
const TypeKNNVector = "knn_vector"

// knnParams are the mapper's parameters in its builder's order.
var knnParams = []string{"store", "doc_values", "dimension", "data_type", "meta", "method", "model_id", "mode", "compression_level", "space_type", "ignore_malformed"}

// knnConfigKey holds a knn_vector field's resolved configuration in
// Field.Params; it is not a parameter, so it is never printed.
const knnConfigKey = "\x00knn"

// The plugin's vector data types (VectorDataType).
const (
	DataFloat  = "float"
	DataByte   = "byte"
	DataBinary = "binary"
)

// KNNConfig is a knn_vector field's configuration once the index settings
// are known: what a knn query on it needs.
type KNNConfig struct {
	Dimension int
	DataType  string
	// Method is the method name ("hnsw", "ivf"); empty for a flat field
	// (index.knn false), which is not built for ANN search, and for a
	// model field.
	Method  string
	Engine  knn.Engine
	Space   knn.Space
	ModelID string
	// FP16 is set for faiss's fp16 scalar quantizer: values must fit half
	// precision, or are clipped to it when FP16Clip is set.
	FP16, FP16Clip bool
	// QuantBits is 1, 2 or 4 for faiss's binary quantization (the binary
	// encoder, or 32x, 16x or 8x compression); 0 for none.
	QuantBits int
	// Mode is the field's mode ("" when not given); Compression its
	// resolved compression level ("" when it cannot be told).
	Mode, Compression string
}

// KNN returns a knn_vector field's configuration (nil for other fields and
// before ResolveKNN ran).
func (f *Field) KNN() *KNNConfig {
	c, _ := f.Params[knnConfigKey].(*KNNConfig)
	return c
}

// validationFailed is OpenSearch's ValidationException ("Validation
// Failed: 1: a;2: b;"), an IllegalArgumentException.
func validationFailed(msgs ...string) *apierr.Error {
	var b strings.Builder
	b.WriteString("Validation Failed: ")
	for i, m := range msgs {
		b.WriteString(strconv.Itoa(i+1) + ": " + m + ";")
	}
	return &apierr.Error{Status: 400, Type: "validation_exception", Reason: b.String()}
}

// parseKNNParams checks a knn_vector field's parameters as their
// parameter parsers and the type parser do before the settings are known.
func parseKNNParams(fld *Field) *apierr.Error {
	p := fld.Params
	name := fld.Name
	if v, ok := p["dimension"]; ok {
		if v == nil {
			return apierr.IllegalArgument("Dimension cannot be null")
		}
		n, ok := nodeInt(v)
		if !ok {
			return apierr.IllegalArgument("Unable to parse [dimension] from provided value [%s] for vector [%s]", javaToString(v), name)
		}
		if n <= 0 {
			return apierr.IllegalArgument("Dimension value must be greater than 0 for vector: %s", name)
		}
		p["dimension"] = n
	}
	if v, ok := p["data_type"]; ok {
		s, _ := v.(string)
		switch strings.ToLower(s) {
		case DataFloat, DataByte, DataBinary:
			p["data_type"] = strings.ToLower(s)
		default:
			return apierr.IllegalArgument("Invalid value provided for [data_type] field. Supported values are [binary,byte,float]")
		}
	}
	if v, ok := p["method"]; ok {
		m, err := parseKNNMethod(v)
		if err != nil {
			return err
		}
		p["method"] = m
	}
	for _, k := range []string{"mode", "compression_level"} {
		v, ok := p[k]
		if !ok || v == nil {
			delete(p, k)
			continue
		}
		s := javaToString(v)
		allowed := []string{"", "in_memory", "on_disk"}
		if k == "compression_level" {
			allowed = []string{"", "1x", "2x", "4x", "8x", "16x", "32x"}
		}
		if !contains(allowed, s) {
			return apierr.MapperParsing("Unknown value [%s] for field [%s] - accepted values are [%s]", s, k, strings.Join(allowed, ", "))
		}
		p[k] = s
	}
	if v, ok := p["space_type"]; ok {
		s := javaToString(v)
		if _, ok := knn.ParseSpace(s); !ok {
			return apierr.IllegalArgument("Unable to find space: %s . Valid values are: %s", s, knn.ValidSpaces)
		}
		p["space_type"] = s
	}
	if v, ok := p["model_id"]; ok {
		p["model_id"] = javaToString(v)
	}
	_, hasMethod := p["method"]
	_, hasModel := p["model_id"]
	_, hasDim := p["dimension"]
	if hasMethod && hasModel {
		return apierr.IllegalArgument("Method and model can not be both specified in the mapping: %s", name)
	}
	if hasDim && hasModel {
		return apierr.IllegalArgument("Cannot specify both a modelId and dimension in the mapping: %s", name)
	}
	return nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// nodeInt is XContentMapValues.nodeIntegerValue: numbers truncate, strings
// must be integers.
func nodeInt(v any) (int, bool) {
	switch x := v.(type) {
	case json.Number:
		if n, err := strconv.Atoi(x.String()); err == nil {
			return n, true
		}
		f, err := x.Float64()
		if err != nil || math.IsInf(f, 0) {
			return 0, false
		}
		return int(int32(f)), true
	case string:
		n, err := strconv.Atoi(x)
		return n, err == nil
	}
	return 0, false
}

// knnMethod is a parsed "method" object (KNNMethodContext.parse).
type knnMethod struct {
	engine           knn.Engine
	engineConfigured bool
	space            knn.Space
	name             string
	params           jsonout.Object // nil when "parameters": null
	paramsNull       bool
	// resolved are the engine and space the mapping prints, once known.
	resolvedEngine knn.Engine
	resolvedSpace  knn.Space
}

func parseKNNMethod(v any) (*knnMethod, *apierr.Error) {
	obj, ok := v.(jsonout.Object)
	if !ok {
		return nil, apierr.MapperParsing("Unable to parse mapping into KNNMethodContext. Object not of type \"Map\"")
	}
	m := &knnMethod{engine: knn.Faiss, params: jsonout.Object{}}
	for _, f := range obj {
		switch f.Key {
		case "engine":
			if f.Value != nil {
				s, ok := f.Value.(string)
				if !ok {
					return nil, apierr.MapperParsing("\"engine\" must be a string")
				}
				e, ok := knn.ParseEngine(s)
				if !ok {
					return nil, apierr.MapperParsing("Invalid engine: %s", s)
				}
				m.engine = e
			}
			m.engineConfigured = true
		case "space_type":
			if f.Value != nil {
				if _, ok := f.Value.(string); !ok {
					return nil, apierr.MapperParsing("\"space_type\" must be a string")
				}
			}
			s, ok := knn.ParseSpace(javaToString(f.Value))
			if !ok {
				return nil, apierr.MapperParsing("Invalid space_type: %s", javaToString(f.Value))
			}
			m.space = s
		case "name":
			s, ok := f.Value.(string)
			if !ok {
				return nil, apierr.MapperParsing("namehas to be a string")
			}
			m.name = s
		case "parameters":
			params, isNull, err := parseParameters(f.Value, "main")
			if err != nil {
				return nil, err
			}
			m.params = params
			if isNull {
				m.paramsNull = true
			}
		default:
			return nil, apierr.MapperParsing("Invalid parameter: %s", f.Key)
		}
	}
	if m.name == "" {
		return nil, apierr.MapperParsing("name needs to be set")
	}
	return m, nil
}

// methodParams are the index-time parameters each engine's method takes.
func methodParams(e knn.Engine, method string) []string {
	switch {
	case method == "ivf":
		return []string{"nlist", "nprobes", "encoder"}
	case e == knn.Faiss:
		return []string{"m", "ef_construction", "ef_search", "encoder"}
	case e == knn.Lucene:
		return []string{"m", "ef_construction", "encoder"}
	}
	return []string{"m", "ef_construction"}
}

// ResolveKNN checks the knn_vector fields of m against the index settings
// (index.knn) as the type parser does, and records each field's resolved
// configuration and the method as GET _mapping prints it. Fields already
// resolved (an existing mapping's) are left alone.
func ResolveKNN(m *Mapping, s settings.Settings) *apierr.Error {
	v, _ := s.Get("index.knn")
	enabled := v == "true"
	var walk func(fs map[string]*Field) *apierr.Error
	walk = func(fs map[string]*Field) *apierr.Error {
		for _, f := range fs {
			if f.IsObject() {
				if err := walk(f.Props); err != nil {
					return err
				}
				continue
			}
			if f.Type != TypeKNNVector || f.KNN() != nil {
				continue
			}
			if err := resolveField(f, enabled); err != nil {
				return err
			}
		}
		return nil
	}
	if err := walk(m.Root.Props); err != nil {
		if err.Type == apierr.TypeMapperParsing && strings.HasPrefix(err.Reason, "Failed to parse mapping") {
			return err
		}
		return apierr.MapperParsing("Failed to parse mapping [_doc]: %s", err.Reason).WithCause(err)
	}
	return nil
}

func resolveField(f *Field, enabled bool) *apierr.Error {
	p := f.Params
	name := f.Name
	cfg := &KNNConfig{DataType: DataFloat}
	if dt, ok := p["data_type"].(string); ok {
		cfg.DataType = dt
	}
	dim, hasDim := p["dimension"].(int)
	cfg.Dimension = dim
	method, _ := p["method"].(*knnMethod)
	model, hasModel := p["model_id"].(string)
	_, hasMode := p["mode"]
	_, hasCompression := p["compression_level"]
	topSpace := knn.Undefined
	if s, ok := p["space_type"].(string); ok {
		topSpace, _ = knn.ParseSpace(s)
	}
	compressionNotSet := func(context string) *apierr.Error {
		if hasMode || hasCompression {
			return apierr.MapperParsing("Compression and mode can not be specified in a %s mapping configuration for field: %s", context, name)
		}
		return nil
	}
	switch {
	case !enabled:
		if hasModel || method != nil {
			return apierr.IllegalArgument("Cannot set modelId or method parameters when index.knn setting is false")
		}
		if !hasDim {
			return apierr.IllegalArgument("Dimension value missing for vector: %s", name)
		}
		if err := compressionNotSet("flat"); err != nil {
			return err
		}
		cfg.Space = defaultSpace(topSpace, cfg.DataType)
	case hasModel:
		if topSpace != knn.Undefined {
			return apierr.IllegalArgument("TopLevel Space type and model can not be both specified in the mapping")
		}
		if err := compressionNotSet("model"); err != nil {
			return err
		}
		cfg.ModelID = model
	default:
		if (hasMode || hasCompression) && cfg.DataType != DataFloat {
			return apierr.MapperParsing("Compression and mode cannot be used for non-float32 data type for field %s", name)
		}
		space := topSpace
		if method != nil && method.space != knn.Undefined {
			if topSpace != knn.Undefined && topSpace != method.space {
				return apierr.MapperParsing("Cannot specify conflicting space types: \"[%s]\" \"[%s]\"", method.space, topSpace)
			}
			space = method.space
		}
		space = defaultSpace(space, cfg.DataType)
		cfg.Space = space
		cfg.Engine, cfg.Method = resolveEngine(method, p), "hnsw"
		if method != nil {
			cfg.Method = method.name
			if cfg.Method != "hnsw" && cfg.Method != "ivf" || cfg.Method == "ivf" && cfg.Engine != knn.Faiss {
				return apierr.IllegalArgument("Invalid method name: %s", cfg.Method)
			}
		}
		if err := validateCompression(cfg.Engine, p); err != nil {
			return err
		}
		level, _ := p["compression_level"].(string)
		cfg.Mode, _ = p["mode"].(string)
		if err := resolveEncoder(cfg, method, level); err != nil {
			return err
		}
		if cfg.Method == "ivf" {
			return validationFailed("\"method\" requires training.")
		}
		if err := validateMethod(f, cfg, method); err != nil {
			return err
		}
		if !hasDim {
			return apierr.IllegalArgument("Dimension value missing for vector: %s", name)
		}
		if method != nil {
			// a copy: the parsed update may be shared by several indexes
			resolved := *method
			resolved.resolvedSpace, resolved.resolvedEngine = space, cfg.Engine
			p["method"] = &resolved
		}
	}
	p[knnConfigKey] = cfg
	return nil
}

// defaultSpace is the space a field without one uses: hamming for binary
// vectors, l2 otherwise.
func defaultSpace(s knn.Space, dataType string) knn.Space {
	if s != knn.Undefined {
		return s
	}
	if dataType == DataBinary {
		return knn.Hamming
	}
	return knn.L2
}

// resolveEngine is EngineResolver for a 2.19 index: the configured engine,
// else Lucene for 4x compression, else faiss.
func resolveEngine(m *knnMethod, p map[string]any) knn.Engine {
	if m != nil && m.engineConfigured {
		return m.engine
	}
	if p["compression_level"] == "4x" {
		return knn.Lucene
	}
	return knn.Faiss
}

// validateMethod is KNNLibrary.validateMethod: the dimension limit, binary
// dimensions, the space for the data type and the method, the parameters.
func validateMethod(f *Field, cfg *KNNConfig, m *knnMethod) *apierr.Error {
	var errs []string
	if cfg.Dimension > 16000 {
		errs = append(errs, fmt.Sprintf("Dimension value cannot be greater than 16000 for vector with engine: %s", cfg.Engine))
	} else if cfg.DataType == DataBinary && cfg.Dimension%8 != 0 {
		errs = append(errs, "Dimension should be multiply of 8 for binary vector data type")
	}
	if (cfg.Space == knn.Hamming) != (cfg.DataType == DataBinary) {
		return apierr.IllegalArgument("Space type [%s] is not supported with [%s] data type", cfg.Space, cfg.DataType)
	}
	if !cfg.Engine.SupportsSpace(cfg.Space) {
		errs = append(errs, fmt.Sprintf("\"%s\" with \"%s\" configuration does not support space type: \"%s\".", cfg.Method, cfg.Engine, cfg.Space))
	}
	if cfg.Engine == knn.NMSLIB && cfg.DataType != DataFloat {
		errs = append(errs, fmt.Sprintf("Method \"%s\" is not supported for vector data type \"%s\".", cfg.Method, strings.ToUpper(cfg.DataType)))
	}
	if m != nil && m.params != nil {
		errs = append(errs, validateParams(methodParamSpecs(cfg.Engine, cfg.Method), m.params, cfg)...)
	}
	if len(errs) > 0 {
		return validationFailed(errs...)
	}
	return nil
}

// render prints the method as the mapping shows it (KNNMethodContext
// toXContent): the resolved engine and space, the name, the parameters as
// given in a Java HashMap's order.
func (m *knnMethod) render() jsonout.Object {
	o := jsonout.Object{{Key: "engine", Value: m.resolvedEngine.String()}, {Key: "space_type", Value: m.resolvedSpace.String()}, {Key: "name", Value: m.name}}
	if m.paramsNull {
		return append(o, jsonout.Field{Key: "parameters", Value: nil})
	}
	return append(o, jsonout.Field{Key: "parameters", Value: hashOrdered(m.params)})
}

// knnVector parses a document's knn_vector value (an array of numbers, or
// one number) as the mapper does, checks it and emits it as one value.
func (p *docParser) knnVector(fld *Field, v any) *apierr.Error {
	cfg := fld.KNN()
	if cfg == nil {
		return p.failField(fld, v, apierr.New(apierr.TypeIllegalState, "[fake] knn_vector field ["+fld.Path+"] has no resolved configuration"))
	}
	if cfg.ModelID != "" {
		return p.failField(fld, v, apierr.New(apierr.TypeIllegalState, fmt.Sprintf("Model ID '%s' is not created.", cfg.ModelID)))
	}
	var items []any
	switch x := v.(type) {
	case []any:
		items = x
	case json.Number:
		items = []any{x}
	default:
		return p.failField(fld, v, apierr.IllegalArgument("[fake] a knn_vector value must be an array of numbers"))
	}
	vec := make([]float32, 0, len(items))
	for _, it := range items {
		n, ok := it.(json.Number)
		if !ok {
			if _, isArr := it.([]any); isArr {
				return p.failField(fld, v, apierr.New(apierr.TypeIllegalState, "Can't get text on a START_ARRAY"))
			}
			return p.failField(fld, v, apierr.IllegalArgument("Current token (%s) not numeric, can not use numeric value accessors", tokenName(it)))
		}
		f64, _ := n.Float64()
		f := float32(f64)
		if err := checkComponent(f, cfg.DataType); err != nil {
			return p.failField(fld, v, err)
		}
		if cfg.FP16 {
			var err *apierr.Error
			if f, err = processFP16(f, cfg); err != nil {
				return p.failField(fld, v, err)
			}
		}
		vec = append(vec, f)
	}
	if err := CheckDimension(cfg, len(vec)); err != nil {
		return p.failField(fld, v, err)
	}
	if cfg.Space == knn.CosineSimil && knn.IsZero(vec) {
		return p.failField(fld, v, apierr.IllegalArgument("zero vector is not supported when space type is [cosinesimil]"))
	}
	p.out.Values = append(p.out.Values, Value{Field: fld, Kind: KindVector, Str: encodeVector(vec)})
	return nil
}

// checkComponent is the per-dimension validator of the data type.
func checkComponent(f float32, dataType string) *apierr.Error {
	if f != f {
		return apierr.IllegalArgument("KNN vector values cannot be NaN")
	}
	if math.IsInf(float64(f), 0) {
		return apierr.IllegalArgument("KNN vector values cannot be infinity")
	}
	if dataType == DataFloat {
		return nil
	}
	if float32(math.Trunc(float64(f))) != f {
		return apierr.IllegalArgument("[data_type] field was set as [%s] in index mapping. But, KNN vector values are floats instead of byte integers", dataType)
	}
	if f < -128 || f > 127 {
		return apierr.IllegalArgument("[data_type] field was set as [%s] in index mapping. But, KNN vector values are not within in the byte range [-128, 127]", dataType)
	}
	return nil
}

// CheckComponent checks one query vector component for a field's data type.
func CheckComponent(f float32, cfg *KNNConfig) *apierr.Error { return checkComponent(f, cfg.DataType) }

// CheckDimension is validateVectorDimension: binary vectors hold 8
// dimensions a byte.
func CheckDimension(cfg *KNNConfig, n int) *apierr.Error {
	if cfg.DataType == DataBinary {
		if n*8 != cfg.Dimension {
			return apierr.IllegalArgument("The dimension of the binary vector must be 8 times the length of the provided vector. Expected: %d, Given: %d", cfg.Dimension, n*8)
		}
		return nil
	}
	if n != cfg.Dimension {
		return apierr.IllegalArgument("Vector dimension mismatch. Expected: %d, Given: %d", cfg.Dimension, n)
	}
	return nil
}

// encodeVector packs float32 components little-endian into a string.
func encodeVector(v []float32) string {
	b := make([]byte, 4*len(v))
	for i, x := range v {
		u := math.Float32bits(x)
		b[4*i], b[4*i+1], b[4*i+2], b[4*i+3] = byte(u), byte(u>>8), byte(u>>16), byte(u>>24)
	}
	return string(b)
}

// AppendJSON writes the method as the mapping prints it.
func (m *knnMethod) AppendJSON(dst []byte) []byte {
	b, _ := jsonout.Marshal(m.render())
	return append(dst, b...)
}

// String is the method as given (engine and space only when given), what
// a mapping update compares: resending the same method is no change.
func (m *knnMethod) String() string {
	o := jsonout.Object{}
	if m.engineConfigured {
		o = append(o, jsonout.Field{Key: "engine", Value: m.engine.String()})
	}
	if m.space != knn.Undefined {
		o = append(o, jsonout.Field{Key: "space_type", Value: m.space.String()})
	}
	o = append(o, jsonout.Field{Key: "name", Value: m.name}, jsonout.Field{Key: "parameters", Value: m.params})
	b, _ := jsonout.Marshal(o)
	return string(b)
}

// validateCompression is the method resolvers' validateConfig: the
// compression levels each engine supports, and on_disk's limits.
func validateCompression(e knn.Engine, p map[string]any) *apierr.Error {
	level, _ := p["compression_level"].(string)
	mode, _ := p["mode"].(string)
	supported := map[knn.Engine][]string{knn.Faiss: {"1x", "2x", "8x", "16x", "32x"}, knn.Lucene: {"1x", "4x"}, knn.NMSLIB: {"1x"}}[e]
	var errs []string
	if level != "" && !contains(supported, level) {
		errs = append(errs, fmt.Sprintf("\"%s\" does not support \"%s\" compression", e, level))
	}
	if e == knn.NMSLIB && mode == "on_disk" {
		errs = append(errs, "Nmslib engine does not support disk-based search")
	} else if e != knn.NMSLIB && level == "1x" && mode == "on_disk" {
		errs = append(errs, "Cannot specify \"x1\" compression level when using \"on_disk\" mode")
	}
	if len(errs) > 0 {
		return validationFailed(errs...)
	}
	return nil
}
