package aggs

import (
	"math"
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/javafmt"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// movingAvgSpec is the deprecated moving_avg pipeline, which 2.19 still
// registers: a model (simple, linear, ewma, holt, holt_winters) over a
// window of the previous buckets' values. predict and minimize (simulated
// annealing, random) are not offered: they answer 501.
type movingAvgSpec struct {
	pipeFields
	window int
	model  movAvgModel
	// minimizeDefault is holt_winters' wish to be fitted when the request
	// says nothing: it only happens with two windows of values.
	minimizeDefault bool
}

// movAvgModel is a MovAvgModel with its parameters.
type movAvgModel struct {
	name                string
	alpha, beta, gamma  float64
	period              int
	multiplicative, pad bool
}

// parseMovingAvg reads the body as MovAvgPipelineAggregationBuilder.parse
// does, token by token.
func parseMovingAvg(p *parser) (spec, *apierr.Error) {
	if p.warn != nil {
		p.warn("The moving_avg aggregation has been deprecated in favor of the moving_fn aggregation.")
	}
	s := &movingAvgSpec{window: 5, model: movAvgModel{name: "simple"}}
	name := p.agg.Name
	var modelName string
	var settings *xcontent.Value
	predict := "null" // the window message prints predict (sic)
	for i := range p.v.Members {
		m := &p.v.Members[i]
		v := &m.Value
		unknown := func() *apierr.Error {
			return parseErr(v.Line, v.Col, "Unknown key for a %s in [%s]: [%s].", v.Token(), name, m.Key)
		}
		switch v.Kind {
		case xcontent.Number:
			f, _ := v.Float64()
			n := int(f)
			switch m.Key {
			case "window":
				if n <= 0 {
					return nil, parseErr(v.Line, v.Col, "[%s] value must be a positive, non-zero integer.  Value supplied was [%s] in [%s].", m.Key, predict, name)
				}
				s.window = n
			case "predict":
				predict = strconv.Itoa(n)
				if n <= 0 {
					return nil, parseErr(v.Line, v.Col, "[%s] value must be a positive integer.  Value supplied was [%d] in [%s].", m.Key, n, name)
				}
				return nil, apierr.Unsupported("the [predict] option of the [moving_avg] aggregation")
			default:
				return nil, unknown()
			}
		case xcontent.String:
			switch m.Key {
			case "format", "buckets_path", "gap_policy":
				if _, err := s.commonString(m, true); err != nil {
					return nil, err
				}
			case "model":
				modelName = v.Str
			default:
				return nil, unknown()
			}
		case xcontent.Array:
			if m.Key != "buckets_path" {
				return nil, unknown()
			}
			s.paths = arrayTexts(v)
		case xcontent.Object:
			if m.Key != "settings" {
				return nil, unknown()
			}
			settings = v
		case xcontent.Bool:
			if m.Key != "minimize" {
				return nil, unknown()
			}
			if v.Bool {
				return nil, apierr.Unsupported("the [minimize] option of the [moving_avg] aggregation")
			}
			s.minimizeDefault = false
		default:
			return nil, parseErr(v.Line, v.Col, "Unexpected token %s in [%s].", v.Token(), name)
		}
	}
	minimizeSet := hasMember(p.v, "minimize")
	if s.paths == nil {
		return nil, parseErr(p.v.EndLine, p.v.EndCol, "Missing required field [buckets_path] for movingAvg aggregation [%s]", name)
	}
	if modelName != "" {
		model, err, wrap := parseMovAvgModel(modelName, settings)
		switch {
		case err != nil && err.Type == "":
			return nil, parseErr(p.v.EndLine, p.v.EndCol, "%s", err.Reason)
		case err != nil && !wrap:
			return nil, err // an OpenSearchParseException escapes the parser as it is
		case err != nil:
			e := parseErr(p.v.EndLine, p.v.EndCol, "Could not parse settings for model [%s].", modelName)
			// The cause is a java.text.ParseException, no OpenSearch
			// exception: the root cause is the parsing_exception itself.
			root := *e
			e.Cause, e.RootCauses = err, []*apierr.Error{&root}
			return nil, e
		}
		s.model = model
		s.minimizeDefault = model.name == "holt_winters" && !minimizeSet
	}
	if err := s.windowCheck(); err != nil {
		return nil, err
	}
	return s, nil
}

func hasMember(v *xcontent.Value, key string) bool {
	for i := range v.Members {
		if v.Members[i].Key == key {
			return true
		}
	}
	return false
}

// parseMovAvgModel looks a model up and reads its settings as each
// model's parser does. An error without a type is the registry's; wrap
// says the error is a java.text.ParseException the builder wraps.
func parseMovAvgModel(name string, settings *xcontent.Value) (movAvgModel, *apierr.Error, bool) {
	m, err := readMovAvgModel(name, settings)
	wrap := err != nil && err.Type == "parse_exception" && !strings.HasPrefix(err.Reason, "failed to parse seasonality type")
	return m, err, wrap
}

func readMovAvgModel(name string, settings *xcontent.Value) (movAvgModel, *apierr.Error) {
	m := movAvgModel{name: name, alpha: 0.3, beta: 0.1, gamma: 0.3, period: 1}
	params := map[string]*xcontent.Value{}
	if settings != nil {
		for i := range settings.Members {
			params[settings.Members[i].Key] = &settings.Members[i].Value
		}
	}
	parseErrorOf := func(msg string) *apierr.Error {
		e := apierr.New("parse_exception", msg)
		e.Status = 400
		return e
	}
	double := func(key string, dst *float64) *apierr.Error {
		v, ok := params[key]
		if !ok || v.Kind == xcontent.Null {
			return nil
		}
		if v.Kind != xcontent.Number {
			return parseErrorOf("Parameter [" + key + "] must be a double, type `" + javaTypeName(v) + "` provided instead")
		}
		f, _ := v.Float64()
		if f < 0 || f > 1 {
			return parseErrorOf("Parameter [" + key + "] must be between 0-1 inclusive.  Providedvalue was [" + javafmt.Double(f) + "]")
		}
		*dst = f
		delete(params, key)
		return nil
	}
	var err *apierr.Error
	switch name {
	case "simple", "linear":
	case "ewma":
		err = double("alpha", &m.alpha)
	case "holt":
		if err = double("alpha", &m.alpha); err == nil {
			err = double("beta", &m.beta)
		}
	case "holt_winters":
		for _, k := range []struct {
			key string
			dst *float64
		}{{"alpha", &m.alpha}, {"beta", &m.beta}, {"gamma", &m.gamma}} {
			if err = double(k.key, k.dst); err != nil {
				return m, err
			}
		}
		if v, ok := params["period"]; ok && v.Kind != xcontent.Null {
			if v.Kind != xcontent.Number {
				return m, parseErrorOf("Parameter [period] must be an integer, type `" + javaTypeName(v) + "` provided instead")
			}
			f, _ := v.Float64()
			m.period = int(f)
			delete(params, "period")
		}
		if v, ok := params["type"]; ok && v.Kind != xcontent.Null {
			if v.Kind != xcontent.String {
				return m, parseErrorOf("Parameter [type] must be a String, type `" + javaTypeName(v) + "` provided instead")
			}
			switch v.Str {
			case "add":
			case "mult":
				m.multiplicative = true
			default:
				return m, apierr.New("parse_exception", "failed to parse seasonality type ["+v.Str+"]. accepted values are [[add, mult]]")
			}
			delete(params, "type")
		}
		m.pad = m.multiplicative
		if v, ok := params["pad"]; ok && v.Kind != xcontent.Null {
			if v.Kind != xcontent.Bool {
				return m, parseErrorOf("Parameter [pad] must be a boolean, type `" + javaTypeName(v) + "` provided instead")
			}
			m.pad = v.Bool
			delete(params, "pad")
		}
	default:
		return m, &apierr.Error{Reason: "no [moving_avg_model] registered for [" + name + "]"}
	}
	if err != nil {
		return m, err
	}
	if len(params) > 0 {
		// settings is a HashMap: its keySet prints in hash order.
		var keys []string
		for i := range settings.Members {
			if _, left := params[settings.Members[i].Key]; left {
				keys = append(keys, settings.Members[i].Key)
			}
		}
		return m, parseErrorOf("Unrecognized parameter(s): [[" + strings.Join(javaHashOrder(keys), ", ") + "]]")
	}
	return m, nil
}

// javaTypeName is the simple class name of a settings value in Java.
func javaTypeName(v *xcontent.Value) string {
	switch v.Kind {
	case xcontent.String:
		return "String"
	case xcontent.Bool:
		return "Boolean"
	case xcontent.Array:
		return "ArrayList"
	case xcontent.Object:
		return "HashMap"
	case xcontent.Number:
		if _, ok := v.Int64(); ok {
			return "Integer"
		}
		return "Double"
	}
	return "Object"
}

func (s *movingAvgSpec) validate(vc *validationCtx, a *Agg) {
	if len(s.paths) != 1 {
		vc.add("[buckets_path] must contain a single entry for aggregation [%s]", a.Name)
		return
	}
	vc.sequentiallyOrdered("moving_avg", a.Name)
}

// windowCheck is HoltWintersModel.validate: the request validation runs
// it and it fails the request with its own exception (checked here at
// parse time, which answers the same).
func (s *movingAvgSpec) windowCheck() *apierr.Error {
	if s.model.name == "holt_winters" && s.window < 2*s.model.period {
		return apierr.IllegalArgument("Field [window] must be at least twice as large as the period when using Holt-Winters.  Value provided was [%d], which is less than (2*period) == %d", s.window, 2*s.model.period)
	}
	return nil
}

// hasValue is MovAvgModel.hasValue: Holt-Winters needs two periods.
func (m *movAvgModel) hasValue(n int) bool {
	if m.name == "holt_winters" {
		return n >= m.period*2
	}
	return n > 0
}

// next is MovAvgModel.next over the window's values (MovingFunctions).
func (m *movAvgModel) next(values []float64) float64 {
	switch m.name {
	case "linear":
		var avg float64
		total, current := int64(1), int64(1)
		for _, v := range values {
			avg += v * float64(current)
			total += current
			current++
		}
		if total == 1 {
			return math.NaN()
		}
		return avg / float64(total)
	case "ewma":
		avg := values[0]
		for _, v := range values[1:] {
			avg = v*m.alpha + avg*(1-m.alpha)
		}
		return avg
	case "holt":
		var s, lastS, b, lastB float64
		for i, v := range values {
			if i == 0 {
				s, b = v, 0
			} else {
				s = m.alpha*v + (1-m.alpha)*(lastS+lastB)
				b = m.beta*(s-lastS) + (1-m.beta)*lastB
			}
			lastS, lastB = s, b
		}
		return s
	case "holt_winters":
		return m.holtWinters(values)
	}
	var sum float64
	for _, v := range values {
		sum += v
	}
	return sum / float64(len(values))
}

// holtWinters is MovingFunctions.holtWintersForecast, one forecast.
func (m *movAvgModel) holtWinters(values []float64) float64 {
	padding := 0.0
	if m.multiplicative && m.pad {
		padding = 0.0000000001
	}
	period := m.period
	vs := make([]float64, len(values))
	for i, v := range values {
		vs[i] = v + padding
	}
	var s, b, lastB float64
	for i := 0; i < period; i++ {
		s += vs[i]
		b += (vs[i+period] - vs[i]) / float64(period)
	}
	s /= float64(period)
	b /= float64(period)
	lastS := s
	seasonal := make([]float64, len(vs))
	if s != 0 {
		for i := 0; i < period; i++ {
			seasonal[i] = vs[i] / s
		}
	}
	for i := period; i < len(vs); i++ {
		if m.multiplicative {
			s = m.alpha*(vs[i]/seasonal[i-period]) + (1-m.alpha)*(lastS+lastB)
		} else {
			s = m.alpha*(vs[i]-seasonal[i-period]) + (1-m.alpha)*(lastS+lastB)
		}
		b = m.beta*(s-lastS) + (1-m.beta)*lastB
		if m.multiplicative {
			seasonal[i] = m.gamma*(vs[i]/(lastS+lastB)) + (1-m.gamma)*seasonal[i-period]
		} else {
			seasonal[i] = m.gamma*(vs[i]-(lastS-lastB)) + (1-m.gamma)*seasonal[i-period]
		}
		lastS, lastB = s, b
	}
	idx := len(values) - period
	if m.multiplicative {
		return (s + b) * seasonal[idx]
	}
	return s + b + seasonal[idx]
}

// parent adds to each bucket with a value the model's value over the
// window of values before it (MovAvgPipelineAggregator.reduce).
func (s *movingAvgSpec) parent(a, owner *Agg, res result) (result, *apierr.Error) {
	mb, bs, path, err := bucketsAndPath(owner, res, s.paths[0])
	if err != nil {
		return nil, err
	}
	vals := make([]float64, len(bs))
	ok := make([]bool, len(bs))
	valid := 0
	for i := range bs {
		v, has, err := resolveBucketValue(owner, &bs[i], path, s.gap)
		if err != nil {
			return nil, err
		}
		vals[i], ok[i] = v, has && !math.IsNaN(v)
		if ok[i] {
			valid++
		}
	}
	if s.minimizeDefault && valid >= 2*s.window {
		return nil, apierr.Unsupported("fitting a [holt_winters] moving_avg model (minimize), which its data here would trigger")
	}
	window := make([]float64, 0, s.window)
	for i := range bs {
		if !ok[i] {
			continue
		}
		if s.model.hasValue(len(window)) {
			bs[i].subs = appendResult(bs[i].subs, a, &simpleValue{v: s.model.next(window), format: s.format})
		}
		if len(window) == s.window {
			window = append(window[:0], window[1:]...)
		}
		window = append(window, vals[i])
	}
	return mb.withBuckets(bs), nil
}
