package clustersettings

import (
	"fmt"
	"github.com/clustersearch/clustersearch-go/internal/engine/wildcard"
	"strconv"
	"strings"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/allocation"
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/settings"
)

// Keys of the dynamic cluster settings the fake honours.
const (
	CancelAfterTimeInterval = "search.cancel_after_time_interval"
	MaxKeepAlive            = "search.max_keep_alive"
	DefaultKeepAlive        = "search.default_keep_alive"
	PITMaxKeepAlive         = "point_in_time.max_keep_alive"
	MaxOpenPITContext       = "search.max_open_pit_context"
	DestructiveRequiresName = "action.destructive_requires_name"
	AutoCreateIndex         = "action.auto_create_index"
	MaxBuckets              = "search.max_buckets"
	AllowExpensiveQueries   = "search.allow_expensive_queries"
)

// kind says how a setting's value parses.
type kind int

const (
	kindTime             kind = iota // Setting.timeSetting: -1 allowed
	kindPositiveTime                 // Setting.positiveTimeSetting: must be >= 0ms
	kindInt                          // Setting.intSetting with a minimum
	kindBool                         // Setting.boolSetting
	kindAutoCreate                   // AutoCreateIndex.AutoCreate
	kindString                       // any string (static node settings)
	kindRate                         // ScriptCache.CompilationRate or "unlimited"
	kindDouble                       // Setting.doubleSetting with a minimum (and maximum when max > min)
	kindBackpressureMode             // SearchBackpressureMode
	kindAllocationEnable             // EnableAllocationDecider.Allocation
	kindRebalanceEnable              // EnableAllocationDecider.Rebalance
	kindAllowRebalance               // ClusterRebalanceType
)

// definition is one registered setting.
type definition struct {
	kind    kind
	def     string // the default's string form, printed by include_defaults; "" prints none
	dynamic bool
	min     int
	// fmin and fmax bound a double setting (fmax <= fmin: no maximum).
	fmin, fmax float64
}

// registry lists the cluster settings the fake knows with their 2.19
// defaults. Dynamic ones change the fake's behaviour; the static ones are
// node settings the real server also knows, listed so that updating them
// answers "not dynamically updateable" rather than "not recognized".
var registry = map[string]definition{
	CancelAfterTimeInterval: {kind: kindTime, def: "-1", dynamic: true},
	MaxKeepAlive:            {kind: kindPositiveTime, def: "24h", dynamic: true},
	DefaultKeepAlive:        {kind: kindPositiveTime, def: "5m", dynamic: true},
	PITMaxKeepAlive:         {kind: kindPositiveTime, def: "24h", dynamic: true},
	MaxOpenPITContext:       {kind: kindInt, def: "300", dynamic: true, min: 0},
	DestructiveRequiresName: {kind: kindBool, def: "false", dynamic: true},
	AutoCreateIndex:         {kind: kindAutoCreate, def: "true", dynamic: true},
	MaxBuckets:              {kind: kindInt, def: "65535", dynamic: true, min: 0},
	AllowExpensiveQueries:   {kind: kindBool, def: "true", dynamic: true},
	// Search backpressure cancels searches when a node runs short of CPU
	// or heap; the fake's nodes never do, so the settings are kept and
	// shown but never act.
	"search_backpressure.mode":                                 {kind: kindBackpressureMode, def: "monitor_only", dynamic: true},
	"search_backpressure.search_task.cancellation_ratio":       {kind: kindDouble, def: "0.1", dynamic: true, fmin: 0, fmax: 1},
	"search_backpressure.search_task.cancellation_rate":        {kind: kindDouble, def: "0.003", dynamic: true, fmin: 0},
	"search_backpressure.search_task.cancellation_burst":       {kind: kindDouble, def: "5.0", dynamic: true, fmin: 1},
	"search_backpressure.search_shard_task.cancellation_ratio": {kind: kindDouble, def: "0.1", dynamic: true, fmin: 0, fmax: 1},
	"search_backpressure.search_shard_task.cancellation_rate":  {kind: kindDouble, def: "0.003", dynamic: true, fmin: 0},
	"search_backpressure.search_shard_task.cancellation_burst": {kind: kindDouble, def: "10.0", dynamic: true, fmin: 1},
	"cluster.name":   {kind: kindString},
	"node.name":      {kind: kindString},
	"path.data":      {kind: kindString},
	"path.logs":      {kind: kindString},
	"path.home":      {kind: kindString},
	"network.host":   {kind: kindString},
	"http.port":      {kind: kindString},
	"transport.port": {kind: kindString},
	"discovery.type": {kind: kindString},
}

// lookup finds a setting's definition: a registered key, or a
// script.context.<name>.max_compilations_rate affix key.
func lookup(key string) (definition, bool) {
	if d, ok := registry[key]; ok {
		return d, true
	}
	if d, ok := allocationSettings[key]; ok {
		return d, true
	}
	if _, ok := scriptRateContext(key); ok {
		return definition{kind: kindRate, def: defaultCompilationRate, dynamic: true}, true
	}
	return definition{}, false
}

// validate parses v as the value of key (Setting.validateWithoutDependencies),
// with the error Setting.get gives for a bad value.
func validate(key string, d definition, v settings.Value) *apierr.Error {
	if v.IsList {
		return apierr.IllegalArgument("Found list type value for setting [%s] but but did not expect a list for it.", key)
	}
	_, err := parse(key, d, v.Str)
	return err
}

// parse returns the typed value of a setting: time.Duration, int, bool,
// autoCreate or string.
func parse(key string, d definition, s string) (any, *apierr.Error) {
	switch d.kind {
	case kindTime, kindPositiveTime:
		t, err := parseTimeValue(s, key)
		if err != nil {
			if err.Type == apierr.TypeIllegalArgument {
				return nil, err
			}
			// Setting.get rethrows an OpenSearchParseException as an
			// IllegalArgumentException with its message.
			return nil, apierr.IllegalArgument("%s", err.Reason).WithCause(err)
		}
		if d.kind == kindPositiveTime && t < 0 {
			return nil, apierr.IllegalArgument("failed to parse value [%s] for setting [%s], must be >= [0ms]", s, key)
		}
		return t, nil
	case kindInt:
		n, err := strconv.ParseInt(s, 10, 32)
		if err != nil {
			return nil, apierr.IllegalArgument("Failed to parse value [%s] for setting [%s]", s, key).
				WithCause(apierr.New(apierr.TypeNumberFormat, fmt.Sprintf("For input string: \"%s\"", s)))
		}
		if int(n) < d.min {
			return nil, apierr.IllegalArgument("Failed to parse value [%s] for setting [%s] must be >= %d", s, key, d.min)
		}
		return int(n), nil
	case kindBool:
		switch s {
		case "true":
			return true, nil
		case "false":
			return false, nil
		}
		return nil, apierr.IllegalArgument("Failed to parse value [%s] as only [true] or [false] are allowed.", s)
	case kindAutoCreate:
		return parseAutoCreate(s)
	case kindDouble:
		f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
		if err != nil {
			return nil, apierr.IllegalArgument("Failed to parse value [%s] for setting [%s]", s, key).
				WithCause(apierr.New(apierr.TypeNumberFormat, fmt.Sprintf("For input string: \"%s\"", s)))
		}
		if f < d.fmin {
			return nil, apierr.IllegalArgument("Failed to parse value [%s] for setting [%s] must be >= %s", s, key, strconv.FormatFloat(d.fmin, 'f', 1, 64))
		}
		if d.fmax > d.fmin && f > d.fmax {
			return nil, apierr.IllegalArgument("Failed to parse value [%s] for setting [%s] must be <= %s", s, key, strconv.FormatFloat(d.fmax, 'f', 1, 64))
		}
		return f, nil
	case kindBackpressureMode:
		switch s {
		case "disabled", "monitor_only", "enforced":
			return s, nil
		}
		return nil, apierr.IllegalArgument("Invalid SearchBackpressureMode: %s", s)
	case kindRate:
		return parseCompilationRate(s)
	case kindAllocationEnable:
		return parseAllocationEnable(s)
	case kindRebalanceEnable:
		return parseRebalanceEnable(s)
	case kindAllowRebalance:
		return parseAllowRebalance(s)
	}
	return s, nil
}

// autoCreate is the parsed action.auto_create_index: a boolean, or index
// patterns each allowing (+ or no prefix) or forbidding (-) creation.
type autoCreate struct {
	enabled  bool
	patterns []autoCreatePattern
	text     string
}

type autoCreatePattern struct {
	glob  string
	allow bool
}

func parseAutoCreate(s string) (autoCreate, *apierr.Error) {
	switch s {
	case "true":
		return autoCreate{enabled: true, text: s}, nil
	case "false":
		return autoCreate{text: s}, nil
	}
	bad := apierr.IllegalArgument("Can't parse [%s] for setting [%s] must be either [true, false, or a comma separated list of index patterns]", s, AutoCreateIndex)
	ac := autoCreate{enabled: true, text: s}
	for _, p := range strings.Split(s, ",") {
		p = strings.TrimSpace(p)
		if p == "" {
			return autoCreate{}, bad
		}
		allow := true
		switch p[0] {
		case '-':
			allow = false
			p = p[1:]
		case '+':
			p = p[1:]
		}
		if p == "" {
			return autoCreate{}, bad
		}
		ac.patterns = append(ac.patterns, autoCreatePattern{glob: p, allow: allow})
	}
	return ac, nil
}

// check is AutoCreateIndex.shouldAutoCreate for an index that does not exist.
func (a autoCreate) check(index string) *apierr.Error {
	if !a.enabled {
		return indexNotFound(index, "["+AutoCreateIndex+"] is [false]")
	}
	if len(a.patterns) == 0 {
		return nil
	}
	for _, p := range a.patterns {
		if wildcard.Simple(p.glob, index) {
			if p.allow {
				return nil
			}
			return indexNotFound(index, "["+AutoCreateIndex+"] contains [-"+p.glob+"] which forbids automatic creation of the index")
		}
	}
	return indexNotFound(index, "["+AutoCreateIndex+"] (["+a.text+"]) doesn't match")
}

// indexNotFound is IndexNotFoundException(message, index).
func indexNotFound(index, msg string) *apierr.Error {
	return apierr.New(apierr.TypeIndexNotFound, "no such index ["+index+"] and "+msg,
		apierr.Meta{Key: "index", Value: index}, apierr.Meta{Key: "index_uuid", Value: apierr.UnknownUUID})
}

// Values are the effective typed values of the dynamic settings.
type Values struct {
	CancelAfterTimeInterval time.Duration
	MaxKeepAlive            time.Duration
	DefaultKeepAlive        time.Duration
	PITMaxKeepAlive         time.Duration
	MaxOpenPITContext       int
	MaxBuckets              int
	DestructiveRequiresName bool
	// AllowExpensiveQueries is search.allow_expensive_queries.
	AllowExpensiveQueries bool
	// AllocationEnable is cluster.routing.allocation.enable.
	AllocationEnable allocation.Enable
	autoCreate       autoCreate
	compilationRates map[string]CompilationRate // by modelled script context
}

// CheckAutoCreate reports the error a write gets when action.auto_create_index
// forbids creating index, or nil when it may be created.
func (v *Values) CheckAutoCreate(index string) *apierr.Error { return v.autoCreate.check(index) }
