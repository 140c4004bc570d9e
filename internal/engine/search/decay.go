package search

import (
	"math"
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/settings"
)

// decayFunc is a gauss, exp or linear function on a numeric or date field:
// 1 at the origin (within offset), decay at offset + scale.
type decayFunc struct {
	kind   string // gauss, exp, linear
	field  string
	date   bool
	origin float64
	scale  float64
	offset float64
	decay  float64
	mode   string
	longs  bool
}

// newDecay reads the function's {origin, scale, offset, decay} for the
// field's type (dates take date math origins and time scales).
func (c *shardCtx) newDecay(d *dsl.Decay) (*decayFunc, *apierr.Error) {
	f := c.field(d.Field)
	k := kindOf(f)
	if k != kindLong && k != kindDouble && k != kindDate {
		if f == nil {
			return nil, apierr.IllegalArgument("unknown field [%s]", d.Field)
		}
		return nil, apierr.IllegalArgument("field [%s] is of type [%s], but only numeric types are supported.", d.Field, f.Type)
	}
	df := &decayFunc{kind: d.Function, field: f.Path, date: k == kindDate, decay: 0.5, mode: d.MultiValueMode, longs: k != kindDouble}
	if d.Params == nil {
		return nil, apierr.New(apierr.TypeParse, "["+d.Function+"] must take a nested object with the field name")
	}
	var origin, scale, offset string
	for _, m := range d.Params.Members {
		switch m.Key {
		case "origin":
			origin = m.Value.Text()
		case "scale":
			scale = m.Value.Text()
		case "offset":
			offset = m.Value.Text()
		case "decay":
			v, ok := m.Value.Float64()
			if !ok {
				return nil, apierr.New(apierr.TypeParse, "decay must be a number")
			}
			df.decay = v
		default:
			return nil, apierr.New(apierr.TypeParse, "unknown parameter ["+m.Key+"] in ["+d.Function+"]")
		}
	}
	if scale == "" {
		return nil, apierr.New(apierr.TypeParse, "["+d.Function+"] must have a scale")
	}
	if df.date {
		if origin == "" {
			origin = "now"
		}
		fmtSpec, _ := dsl.ParseDateFormat(f.DateFormat())
		t, err := dsl.ParseDateMath(origin, c.now, fmtSpec, nil, false)
		if err != nil {
			return nil, fromX(err)
		}
		df.origin = float64(t.UnixMilli())
		s, serr := settings.ParseTimeValue(scale, "DecayFunctionParser.scale")
		if serr != nil {
			return nil, serr
		}
		df.scale = float64(s.Milliseconds())
		if offset != "" {
			o, oerr := settings.ParseTimeValue(offset, "DecayFunctionParser.offset")
			if oerr != nil {
				return nil, oerr
			}
			df.offset = float64(o.Milliseconds())
		}
	} else {
		var err error
		if origin == "" {
			return nil, apierr.New(apierr.TypeParse, "["+d.Function+"] must have an origin")
		}
		if df.origin, err = strconv.ParseFloat(strings.TrimSpace(origin), 64); err != nil {
			return nil, numberFormat(origin)
		}
		if df.scale, err = strconv.ParseFloat(strings.TrimSpace(scale), 64); err != nil {
			return nil, numberFormat(scale)
		}
		if offset != "" {
			if df.offset, err = strconv.ParseFloat(strings.TrimSpace(offset), 64); err != nil {
				return nil, numberFormat(offset)
			}
		}
	}
	if df.scale <= 0 {
		return nil, apierr.IllegalArgument("[%s] scale must be > 0", d.Function)
	}
	if df.decay <= 0 || df.decay >= 1 {
		return nil, apierr.IllegalArgument("decay must be in the range [0..1].")
	}
	return df, nil
}

// value is the function for one document: the distance of each value from
// the origin (less the offset) through the decay curve, picked by the
// multi_value_mode; 1 without a value.
func (d *decayFunc) value(c *shardCtx, slot int32) float64 {
	var dists []float64
	if d.longs {
		for _, v := range c.r.Longs(d.field, slot, nil) {
			dists = append(dists, math.Max(0, math.Abs(float64(v)-d.origin)-d.offset))
		}
	} else {
		for _, v := range c.r.Doubles(d.field, slot, nil) {
			dists = append(dists, math.Max(0, math.Abs(v-d.origin)-d.offset))
		}
	}
	if len(dists) == 0 {
		return 1
	}
	// The mode picks one distance (min by default: the closest value),
	// which then goes through the curve, as DecayFunctionBuilder does.
	mode := d.mode
	if mode == "" {
		mode = "min"
	}
	return d.curve(reduce(dists, mode))
}

func (d *decayFunc) curve(x float64) float64 {
	switch d.kind {
	case "gauss":
		sigma2 := -d.scale * d.scale / (2 * math.Log(d.decay))
		return math.Exp(-x * x / (2 * sigma2))
	case "exp":
		return math.Exp(math.Log(d.decay) / d.scale * x)
	}
	s := d.scale / (1 - d.decay)
	return math.Max(0, (s-x)/s)
}
