package aggs

import (
	"math"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// heuristic is a SignificanceHeuristic: it scores a term from its
// foreground (subset) and background (superset) frequencies.
type heuristic struct {
	name             string // jlh, mutual_information, chi_square, gnd, percentage
	includeNegatives bool
	bgIsSuperset     bool
}

// heuristicNames are the heuristics significant_terms takes as fields
// (script_heuristic needs scripts, which aggregations do not run yet).
var heuristicNames = []string{"jlh", "mutual_information", "chi_square", "gnd", "percentage", "script_heuristic"}

// parseHeuristic reads one heuristic's object.
func parseHeuristic(p *parser, m *xcontent.Member) (heuristic, *apierr.Error) {
	h := heuristic{name: m.Key, bgIsSuperset: true}
	v := &m.Value
	if v.Kind != xcontent.Object {
		return h, p.wrongType(m)
	}
	switch m.Key {
	case "jlh", "percentage":
		if len(v.Members) > 0 {
			e := apierr.New("parse_exception", sprintf("failed to parse [%s] significance heuristic. expected an empty object, but found [FIELD_NAME] instead", m.Key))
			e.Status = 400
			return h, e
		}
	case "script_heuristic":
		return h, apierr.Unsupported("the [script_heuristic] significance heuristic")
	default:
		for i := range v.Members {
			f := &v.Members[i]
			var err *apierr.Error
			hp := &parser{agg: &Agg{Name: p.agg.Name, Type: m.Key}, v: v, warn: p.warn}
			switch {
			case f.Key == "background_is_superset":
				h.bgIsSuperset, err = hp.boolean(f)
			case f.Key == "include_negatives" && m.Key != "gnd":
				h.includeNegatives, err = hp.boolean(f)
			default:
				err = hp.unknown(f)
			}
			if err != nil {
				return h, err
			}
		}
	}
	return h, nil
}

// score is the heuristic's getScore.
func (h heuristic) score(subsetFreq, subsetSize, supersetFreq, supersetSize int64) float64 {
	switch h.name {
	case "percentage":
		if supersetFreq == 0 {
			return 0
		}
		return float64(subsetFreq) / float64(supersetFreq)
	case "gnd":
		fx, fy, fxy, n := float64(supersetFreq), float64(subsetSize), float64(subsetFreq), float64(supersetSize)
		if fxy == 0 {
			return 0
		}
		if fx == fy && fx == fxy {
			return 1
		}
		s := (math.Max(math.Log(fx), math.Log(fy)) - math.Log(fxy)) / (math.Log(n) - math.Min(math.Log(fx), math.Log(fy)))
		return math.Exp(-1 * s)
	case "mutual_information", "chi_square":
		f := h.nxys(subsetFreq, subsetSize, supersetFreq, supersetSize)
		negative := !h.includeNegatives && f.n11/f.n_1 < f.n10/f.n_0
		if h.name == "chi_square" {
			if negative {
				return math.Inf(-1)
			}
			d := f.n11*f.n00 - f.n01*f.n10
			return f.n * d * d / (f.n_1 * f.n1_ * f.n0_ * f.n_0)
		}
		s := (miTerm(f.n00, f.n0_, f.n_0, f.n) + miTerm(f.n01, f.n0_, f.n_1, f.n) +
			miTerm(f.n10, f.n1_, f.n_0, f.n) + miTerm(f.n11, f.n1_, f.n_1, f.n)) / math.Log(2)
		if math.IsNaN(s) || negative {
			return math.Inf(-1)
		}
		return s
	}
	// JLH
	if subsetSize == 0 || supersetSize == 0 {
		return 0
	}
	if supersetFreq == 0 {
		supersetFreq = 1 // a background that is not a superset
	}
	sub := float64(subsetFreq) / float64(subsetSize)
	super := float64(supersetFreq) / float64(supersetSize)
	abs := sub - super
	if abs <= 0 {
		return 0
	}
	return abs * (sub / super)
}

// nxy holds the contingency counts of NXYSignificanceHeuristic.
type nxy struct {
	n00, n01, n10, n11, n0_, n1_, n_0, n_1, n float64
}

func (h heuristic) nxys(subsetFreq, subsetSize, supersetFreq, supersetSize int64) nxy {
	sf, ss, pf, ps := float64(subsetFreq), float64(subsetSize), float64(supersetFreq), float64(supersetSize)
	if h.bgIsSuperset {
		return nxy{n00: ps - pf - (ss - sf), n01: ss - sf, n10: pf - sf, n11: sf, n0_: ps - pf, n1_: pf, n_0: ps - ss, n_1: ss, n: ps}
	}
	return nxy{n00: ps - pf, n01: ss - sf, n10: pf, n11: sf, n0_: ps - pf + ss - sf, n1_: pf + sf, n_0: ps, n_1: ss, n: ps + ss}
}

func miTerm(nxy, nx_, n_y, n float64) float64 {
	num := math.Abs(n * nxy)
	den := math.Abs(nx_ * n_y)
	factor := math.Abs(nxy / n)
	if num < 1e-7 && factor < 1e-7 {
		return 0
	}
	return factor * math.Log(num/den)
}
