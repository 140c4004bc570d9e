package search

import (
	"strconv"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/knn"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// knnScript is the k-NN plugin's scoring script engine (lang "knn",
// source "knn_score"): the exact score of each document's vector against
// params.query_value in params.space_type; documents without a vector
// score 0.
func (c *shardCtx) knnScript(ds *dsl.Script, sc scriptContext) (*searchScript, *apierr.Error) {
	if sc.name != "score" {
		return nil, apierr.IllegalArgument("knn KNN scoring scripts cannot be used for context [%s]", sc.name)
	}
	if ds.Source != "knn_score" {
		return nil, apierr.IllegalArgument("Unknown script name %s", ds.Source)
	}
	param := func(name string) (*xcontent.Value, *apierr.Error) {
		if ds.Params != nil {
			if v := ds.Params.Get(name); v != nil && v.Kind != xcontent.Null {
				return v, nil
			}
		}
		return nil, apierr.IllegalArgument("Missing parameter [%s]", name)
	}
	fv, err := param("field")
	if err != nil {
		return nil, err
	}
	qv, err := param("query_value")
	if err != nil {
		return nil, err
	}
	sv, err := param("space_type")
	if err != nil {
		return nil, err
	}
	field, spaceName := fv.Text(), sv.Text()
	space, ok := knn.ParseSpace(spaceName)
	if !ok || space == knn.Undefined {
		return nil, apierr.IllegalArgument("Invalid space type. Please refer to the available space types.")
	}
	f := c.field(field)
	if f == nil || f.Type != mapping.TypeKNNVector || f.KNN() == nil {
		return nil, apierr.IllegalArgument("Incompatible field_type for %s space. The field type must be knn_vector.", spaceName)
	}
	cfg := f.KNN()
	if (space == knn.Hamming) != (cfg.DataType == mapping.DataBinary) {
		want := "[FLOAT, BYTE]"
		if space == knn.Hamming {
			want = "[BINARY]"
		}
		return nil, apierr.IllegalArgument("Incompatible field_type for %s space. The data type should be %s but got %s", spaceName, want, upper(cfg.DataType))
	}
	items := []xcontent.Value{*qv}
	if qv.Kind == xcontent.Array {
		items = qv.Items
	}
	q := make([]float32, len(items))
	for i := range items {
		f64, perr := strconv.ParseFloat(items[i].Text(), 64)
		if perr != nil {
			return nil, apierr.New(apierr.TypeNumberFormat, "For input string: \""+items[i].Text()+"\"")
		}
		q[i] = float32(f64)
	}
	want := cfg.Dimension
	if cfg.DataType == mapping.DataBinary {
		want /= 8
	}
	if len(q) != want {
		return nil, apierr.New(apierr.TypeIllegalState, "Object's length="+strconv.Itoa(len(q))+" does not match the expected length="+strconv.Itoa(want)+".")
	}
	if space == knn.CosineSimil && knn.IsZero(q) {
		return nil, apierr.IllegalArgument("zero vector is not supported when space type is [cosinesimil]")
	}
	c.idx.KNN.ScriptQueries.Add(1)
	c.idx.KNN.ScriptCompilations.Add(1)
	col := c.r.Vectors(field)
	bytesCosine := space == knn.CosineSimil && cfg.DataType != mapping.DataFloat
	return &searchScript{c: c, ds: ds, sc: sc, native: func(slot int32) (any, *apierr.Error) {
		v := col.Get(slot)
		if v == nil {
			return 0.0, nil
		}
		d := knn.Distance(space, q, v)
		if bytesCosine { // byte vectors keep the older 1 + cos
			return float64(2 - d), nil
		}
		return float64(knn.Score(space, d)), nil
	}}, nil
}

func upper(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'a' <= c && c <= 'z' {
			b[i] = c - 'a' + 'A'
		}
	}
	return string(b)
}

// knnDocField is doc['<knn_vector field>'] for Painless: the document's
// vector, for the plugin's scoring functions.
func (c *shardCtx) knnDocField(f *mapping.Field, s *searchScript) painless.DocField {
	col := c.r.Vectors(f.Path)
	binary := f.KNN() != nil && f.KNN().DataType == mapping.DataBinary
	return painless.DocField{Kind: painless.DocVector, Binary: binary, Vector: func() []float32 { return col.Get(s.slot) }}
}
