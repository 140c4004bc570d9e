package painless

import (
	"math"
	"testing"
)

// TestMovingFunctions checks each helper against values worked out from
// MovingFunctions.java (NaN values skipped, empty windows NaN or 0.0).
func TestMovingFunctions(t *testing.T) {
	run := func(src string, values ...float64) any {
		t.Helper()
		s, err := Compile(src, CompileOptions{Vars: []string{"values"}, ReturnsValue: true, NoCtx: true, Returns: "double", MovingFunctions: true})
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		v, err := s.Execute(map[string]any{"params": NewHashMap(0), "values": NewDoubleArray(values)}, ExecOptions{Returns: "double"})
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		return v
	}
	nan := math.NaN()
	for _, c := range []struct {
		src    string
		values []float64
		want   float64
	}{
		{"MovingFunctions.max(values)", []float64{1, 5, 3}, 5},
		{"MovingFunctions.max(values)", nil, nan},
		{"MovingFunctions.max(values)", []float64{1, nan}, nan},
		{"MovingFunctions.min(values)", []float64{4, 2, 3}, 2},
		{"MovingFunctions.sum(values)", []float64{1, nan, 2}, 3},
		{"MovingFunctions.sum(values)", nil, 0},
		{"MovingFunctions.unweightedAvg(values)", []float64{1, nan, 2}, 1.5},
		{"MovingFunctions.unweightedAvg(values)", nil, nan},
		{"MovingFunctions.stdDev(values, MovingFunctions.unweightedAvg(values))", []float64{2, 4}, 1},
		{"MovingFunctions.linearWeightedAvg(values)", []float64{1, 2}, 5.0 / 4},
		{"MovingFunctions.ewma(values, 0.5)", []float64{2, 4}, 3},
		{"MovingFunctions.holt(values, 0.5, 0.5)", []float64{1, 3}, 2},
		// additive, period 1: s0=1 b0=2, seasonal[0]=1; i=1: s=0.5*(3-1)+0.5*(1+0)=1.5,
		// b=0.5*0.5+0=0.25, seasonal[1]=0.5*(3-(1-0))+0.5*1=1.5; forecast s+b+seasonal[1]
		{"MovingFunctions.holtWinters(values, 0.5, 0.5, 0.5, 1, false)", []float64{1, 3}, 1.5 + 0.25 + 1.5},
		{"if (values.length > 1) { MovingFunctions.max(values) }", []float64{1}, 0},
	} {
		got, _ := run(c.src, c.values...).(float64)
		if !(got == c.want || math.IsNaN(got) && math.IsNaN(c.want)) {
			t.Errorf("%s %v = %v, want %v", c.src, c.values, got, c.want)
		}
	}
}

// TestMovingFunctionsOnlyInMovingFn: other contexts do not allowlist the
// class, so it is an unknown symbol there.
func TestMovingFunctionsOnlyInMovingFn(t *testing.T) {
	_, err := Compile("MovingFunctions.max(params.v)", CompileOptions{ReturnsValue: true, NoCtx: true})
	se, ok := err.(*ScriptError)
	if !ok || se.Reason != "compile error" || se.CausedBy.Reason != "cannot resolve symbol [MovingFunctions]" {
		t.Fatalf("got %#v", err)
	}
}

// TestMovingFunctionsUnknownMethod: the allowlist has exactly the nine
// helpers; another name is a method Painless cannot find.
func TestMovingFunctionsUnknownMethod(t *testing.T) {
	_, err := Compile("MovingFunctions.windowMax(values)", CompileOptions{Vars: []string{"values"}, ReturnsValue: true, NoCtx: true, Returns: "double", MovingFunctions: true})
	se, ok := err.(*ScriptError)
	if !ok || se.CausedBy.Reason != "static method [org.opensearch.search.aggregations.pipeline.MovingFunctions, windowMax/1] not found" {
		t.Fatalf("got %#v", err)
	}
}
