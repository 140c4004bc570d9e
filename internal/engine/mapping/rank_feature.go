package mapping

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// rank_feature and rank_features store each feature as Lucene's
// FeatureField does: the float's bits shifted right by 15 (a term
// frequency), so the value keeps 9 bits of mantissa. Doc values: Longs,
// the encoded frequency, under the field's path (rank_feature) or
// "<field>.<feature>" (rank_features); 1/value when positive_score_impact
// is false.

// EncodeFeature is FeatureField's frequency for a value.
func EncodeFeature(v float32) int64 { return int64(math.Float32bits(v) >> 15) }

// DecodeFeature is the value a feature frequency stands for.
func DecodeFeature(freq int64) float32 {
	if freq > int64(math.MaxUint32>>15) {
		return math.MaxFloat32
	}
	return math.Float32frombits(uint32(freq) << 15)
}

// PositiveImpact reports a rank feature field's positive_score_impact.
func (f *Field) PositiveImpact() bool {
	b, ok := f.Params["positive_score_impact"].(bool)
	return !ok || b
}

func (p *docParser) rankFeature(root, fld *Field, v any, text string) *apierr.Error {
	if _, isNum := v.(json.Number); !isNum {
		if _, isStr := v.(string); !isStr {
			return p.failField(fld, v, apierr.IllegalArgument("[rank_feature] fields only support numeric values"))
		}
	}
	f, err := strconv.ParseFloat(strings.TrimSpace(text), 32)
	if err != nil {
		return p.failField(fld, v, apierr.New(apierr.TypeNumberFormat, "For input string: \""+text+"\""))
	}
	val := float32(f)
	if !root.PositiveImpact() {
		val = 1 / val
	}
	for _, e := range p.out.Values {
		if e.Field.Path == fld.Path {
			return p.failField(fld, v, apierr.IllegalArgument("[rank_feature] fields do not support indexing multiple values for the same field [%s] in the same document", fld.Path))
		}
	}
	if !(val >= math.SmallestNonzeroFloat32*(1<<23)) || math.IsInf(float64(val), 0) {
		return p.failField(fld, v, apierr.IllegalArgument("featureValue must be a positive normal float, got: %s for feature _feature:%s which is less than the minimum positive normal float: 1.17549435E-38", javaFloat(val), fld.Path))
	}
	p.out.Values = append(p.out.Values, Value{Field: fld, Kind: KindLong, Int: EncodeFeature(val)})
	return nil
}

// rankFeatures indexes a rank_features object: each key is a feature.
func (p *docParser) rankFeatures(fld *Field, v any) *apierr.Error {
	obj, ok := v.(jsonout.Object)
	if !ok {
		return p.failField(fld, v, apierr.IllegalArgument("[rank_features] fields must be json objects, expected a START_OBJECT but got: %s", valueToken(v)))
	}
	for _, e := range obj {
		text, ok := scalarText(e.Value)
		if !ok {
			return p.failField(fld, v, apierr.IllegalArgument("[rank_features] fields take hashes that map a feature to a strictly positive float, but got unexpected token %s", valueToken(e.Value)))
		}
		sub := &Field{Name: e.Key, Path: fld.Path + "." + e.Key, Type: TypeRankFeature}
		if err := p.rankFeature(fld, sub, e.Value, text); err != nil {
			return err
		}
	}
	return nil
}

// RankFeatureLeaf returns the feature field a path inside a rank_features
// field names ("topics.politics"), or nil.
func (m *Mapping) RankFeatureLeaf(path string) *Field {
	i := strings.LastIndexByte(path, '.')
	if i <= 0 {
		return nil
	}
	if f := m.Lookup(path[:i]); f != nil && f.Type == TypeRankFeatures {
		return &Field{Name: path[i+1:], Path: path, Type: TypeRankFeature, Params: f.Params}
	}
	return nil
}
