package settings

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
)

// Well-known index setting keys.
const (
	NumberOfShards        = "index.number_of_shards"
	NumberOfReplicas      = "index.number_of_replicas"
	NumberOfRoutingShards = "index.number_of_routing_shards"
	RoutingPartitionSize  = "index.routing_partition_size"
	RefreshInterval       = "index.refresh_interval"
	MaxResultWindow       = "index.max_result_window"
	UUID                  = "index.uuid"
	CreationDate          = "index.creation_date"
	VersionCreated        = "index.version.created"
	ProvidedName          = "index.provided_name"
	ReplicationType       = "index.replication.type"
	Hidden                = "index.hidden"
	MappingTotalFields    = "index.mapping.total_fields.limit"
	TranslogDurability    = "index.translog.durability"
	MappingDepth          = "index.mapping.depth.limit"
	MappingNestedFields   = "index.mapping.nested_fields.limit"
)

// kind says how a known setting is validated.
type kind int

const (
	kindString kind = iota
	kindInt
	kindBool
	kindTime
)

type rule struct {
	kind     kind
	min, max int
	minTime  time.Duration // the least a time setting may be (0: none)
	def      string        // default value for include_defaults; "" when none is printed
	static   bool          // not updatable on an open index
}

// rules lists the index settings the fake knows, with the defaults of 2.x.
var rules = map[string]rule{
	NumberOfShards:                                   {kind: kindInt, min: 1, max: 1024, def: "1", static: true},
	NumberOfReplicas:                                 {kind: kindInt, min: 0, max: 1 << 30, def: "1"},
	NumberOfRoutingShards:                            {kind: kindInt, min: 1, max: 1 << 30, static: true},
	RoutingPartitionSize:                             {kind: kindInt, min: 1, max: 1 << 30, def: "1", static: true},
	RefreshInterval:                                  {kind: kindTime, def: "1s"},
	MaxResultWindow:                                  {kind: kindInt, min: 1, max: 1 << 30, def: "10000"},
	"index.max_inner_result_window":                  {kind: kindInt, min: 1, max: 1 << 30, def: "100"},
	"index.max_rescore_window":                       {kind: kindInt, min: 1, max: 1 << 30, def: "10000"},
	"index.max_docvalue_fields_search":               {kind: kindInt, min: 0, max: 1 << 30, def: "100"},
	"index.max_script_fields":                        {kind: kindInt, min: 0, max: 1 << 30, def: "32"},
	"index.max_terms_count":                          {kind: kindInt, min: 1, max: 1 << 30, def: "65536"},
	"index.max_regex_length":                         {kind: kindInt, min: 1, max: 1 << 30, def: "1000"},
	"index.max_ngram_diff":                           {kind: kindInt, min: 0, max: 1 << 30, def: "1"},
	"index.max_shingle_diff":                         {kind: kindInt, min: 0, max: 1 << 30, def: "3"},
	"index.analyze.max_token_count":                  {kind: kindInt, min: 1, max: 1 << 30, def: "10000"},
	"index.max_refresh_listeners":                    {kind: kindInt, min: 0, max: 1 << 30, def: "1000"},
	"index.max_slices_per_scroll":                    {kind: kindInt, min: 1, max: 1 << 30, def: "1024"},
	MappingTotalFields:                               {kind: kindInt, min: 0, max: 1 << 30, def: "1000"},
	MappingDepth:                                     {kind: kindInt, min: 1, max: 1 << 30, def: "20"},
	MappingNestedFields:                              {kind: kindInt, min: 0, max: 1 << 30, def: "50"},
	"index.mapping.nested_objects.limit":             {kind: kindInt, min: 0, max: 1 << 30, def: "10000"},
	"index.mapping.field_name_length.limit":          {kind: kindInt, min: 1, max: 1 << 30},
	Hidden:                                           {kind: kindBool, def: "false"},
	"index.search.idle.after":                        {kind: kindTime, def: "30s"},
	"index.auto_expand_replicas":                     {kind: kindString, def: "false"},
	"index.codec":                                    {kind: kindString, def: "default", static: true},
	"index.priority":                                 {kind: kindInt, min: 0, max: 1 << 30, def: "1"},
	"index.query.default_field":                      {kind: kindString},
	"index.write.wait_for_active_shards":             {kind: kindString, def: "1"},
	"index.gc_deletes":                               {kind: kindTime, def: "60s"},
	"index.default_pipeline":                         {kind: kindString, def: "_none"},
	"index.final_pipeline":                           {kind: kindString, def: "_none"},
	"index.highlight.max_analyzed_offset":            {kind: kindInt, min: 1, max: 1 << 30, def: "1000000"},
	"index.load_fixed_bitset_filters_eagerly":        {kind: kindBool, def: "true", static: true},
	"index.shard.check_on_startup":                   {kind: kindString, def: "false", static: true},
	ReplicationType:                                  {kind: kindString, static: true},
	"index.soft_deletes.enabled":                     {kind: kindBool, def: "true", static: true},
	"index.soft_deletes.retention_lease.period":      {kind: kindTime, def: "12h"},
	"index.search.concurrent_segment_search.mode":    {kind: kindString},
	"index.search.concurrent_segment_search.enabled": {kind: kindBool},
	"index.knn":                                      {kind: kindBool, def: "false", static: true}, // the k-NN plugin's switch

	// The translog settings print their defaults from extraDefaults.
	TranslogDurability:             {kind: kindString},
	"index.translog.sync_interval": {kind: kindTime, minTime: 100 * time.Millisecond, static: true},
}

// groups are prefixes under which any key is accepted (analysis components,
// allocation filters, blocks, slow logs...).
var groups = []string{
	"index.analysis.", "index.similarity.", "index.routing.allocation.", "index.blocks.", "index.sort.",
	"index.translog.", "index.merge.", "index.store.", "index.indexing.slowlog.", "index.search.slowlog.",
	"index.unassigned.", "index.knn", "index.plugins.", "index.lifecycle.", "index.mapping.", "index.requests.",
}

// staticGroups are prefixes of settings fixed once the index is open.
var staticGroups = []string{"index.analysis.", "index.similarity.", "index.sort.", "index.store."}

// private settings are computed by the server and cannot be set.
var private = map[string]bool{UUID: true, CreationDate: true, VersionCreated: true, ProvidedName: true}

// ValidateCreate checks the settings of a create-index request.
func ValidateCreate(s Settings) *apierr.Error {
	for _, k := range s.Keys() {
		if s[k].Null {
			continue
		}
		if private[k] {
			return apierr.IllegalArgument("private index setting [%s] can not be set explicitly", k)
		}
		if err := validateOne(k, s[k]); err != nil {
			return err
		}
	}
	if v, ok := s.Get(NumberOfRoutingShards); ok {
		rs, _ := strconv.Atoi(v)
		n := IntOr(s, NumberOfShards, 1)
		if rs%n != 0 || rs < n {
			return apierr.IllegalArgument("the number of source shards [%d] must be a factor of [%d]", n, rs)
		}
	}
	return nil
}

func validateOne(k string, v Value) *apierr.Error {
	r, known := rules[k]
	if !known {
		for _, g := range groups {
			if strings.HasPrefix(k, g) {
				return nil
			}
		}
		return apierr.IllegalArgument("unknown setting [%s] please check that any required plugins are installed, or check the breaking changes documentation for removed settings", k)
	}
	if v.IsList {
		// Settings.get refuses a list where a single value is expected.
		return apierr.IllegalArgument("Found list type value for setting [%s] but but did not expect a list for it.", k)
	}
	switch r.kind {
	case kindInt:
		n, err := strconv.Atoi(v.Str)
		if err != nil {
			return apierr.IllegalArgument("Failed to parse value [%s] for setting [%s]", v.Str, k).
				WithCause(apierr.New(apierr.TypeNumberFormat, fmt.Sprintf("For input string: \"%s\"", v.Str)))
		}
		if n < r.min {
			return apierr.IllegalArgument("Failed to parse value [%s] for setting [%s] must be >= %d", v.Str, k, r.min)
		}
		if n > r.max {
			return apierr.IllegalArgument("Failed to parse value [%s] for setting [%s] must be <= %d", v.Str, k, r.max)
		}
	case kindBool:
		if v.Str != "true" && v.Str != "false" {
			return apierr.IllegalArgument("Failed to parse value [%s] as only [true] or [false] are allowed.", v.Str)
		}
	case kindTime:
		d, err := ParseTimeValue(v.Str, k)
		if err != nil {
			// TimeValue throws IllegalArgumentException, which Setting.get
			// rethrows as it is.
			return err
		}
		if r.minTime > 0 && d.Truncate(time.Millisecond) < r.minTime {
			// Setting.timeSetting's minimum, printed as TimeValue.getStringRep.
			return apierr.IllegalArgument("failed to parse value [%s] for setting [%s], must be >= [%dms]", v.Str, k, r.minTime.Milliseconds())
		}
	case kindString:
		if k == TranslogDurability {
			// Translog.Durability.valueOf(value.toUpperCase(Locale.ROOT))
			if up := strings.ToUpper(v.Str); up != "REQUEST" && up != "ASYNC" {
				return apierr.IllegalArgument("No enum constant org.opensearch.index.translog.Translog.Durability.%s", up)
			}
		}
	}
	return nil
}

// IntOr returns an integer setting or def when unset or malformed.
func IntOr(s Settings, key string, def int) int {
	if v, ok := s.Get(key); ok {
		if n, err := strconv.Atoi(v); err == nil {
			return n
		}
	}
	return def
}

// extraDefaults are defaults of grouped settings (no validation rule of
// their own) that include_defaults prints, with their 2.x values.
var extraDefaults = map[string]string{
	"index.store.type":                               "",
	"index.blocks.read":                              "false",
	"index.blocks.write":                             "false",
	"index.blocks.metadata":                          "false",
	"index.blocks.read_only":                         "false",
	"index.blocks.read_only_allow_delete":            "false",
	"index.requests.cache.enable":                    "true",
	"index.translog.durability":                      "REQUEST",
	"index.translog.sync_interval":                   "5s",
	"index.mapping.coerce":                           "false",
	"index.mapping.ignore_malformed":                 "false",
	"index.routing.allocation.total_shards_per_node": "-1",
	"index.search.slowlog.threshold.query.warn":      "-1",
	"index.indexing.slowlog.threshold.index.warn":    "-1",
}

// Defaults returns the known defaults for the keys s does not set
// (GET _settings?include_defaults=true).
func Defaults(s Settings) Settings {
	out := Settings{}
	for k, v := range extraDefaults {
		if _, set := s[k]; !set {
			out[k] = Value{Str: v}
		}
	}
	for k, r := range rules {
		if r.def == "" {
			continue
		}
		if _, set := s[k]; !set {
			out[k] = Value{Str: r.def}
		}
	}
	return out
}

// ValidateUpdate checks an update-settings request and returns the keys that
// cannot change on an open index.
func ValidateUpdate(s Settings) ([]string, *apierr.Error) {
	var static []string
	for _, k := range s.Keys() {
		if strings.Contains(k, "*") {
			continue // wildcard keys skip validation (see WildcardResets)
		}
		if private[k] {
			return nil, apierr.IllegalArgument("can not update private setting [%s]; this setting is managed by OpenSearch", k)
		}
		if !s[k].Null {
			if err := validateOne(k, s[k]); err != nil {
				return nil, err
			}
		} else if _, known := rules[k]; !known && !inGroup(k) {
			return nil, apierr.IllegalArgument("unknown setting [%s] please check that any required plugins are installed, or check the breaking changes documentation for removed settings", k)
		}
		if isStatic(k) {
			static = append(static, k)
		}
	}
	return static, nil
}

// isStatic reports whether a setting is fixed once the index is open.
func isStatic(k string) bool {
	if r, ok := rules[k]; ok && r.static {
		return true
	}
	for _, g := range staticGroups {
		if strings.HasPrefix(k, g) {
			return true
		}
	}
	return false
}

// WildcardResets returns the keys of an update that are wildcard patterns
// ("index.blocks.*": null). MetadataUpdateSettingsService does not validate
// them; applying them removes every matching dynamic setting, and a pattern
// with a value is refused then, with the error returned here.
func WildcardResets(s Settings) ([]string, *apierr.Error) {
	var out []string
	for _, k := range s.Keys() {
		if !strings.Contains(k, "*") {
			continue
		}
		if !s[k].Null {
			return nil, apierr.IllegalArgument("index setting [%s], not recognized", k)
		}
		out = append(out, k)
	}
	return out, nil
}

// Resettable reports whether a wildcard reset removes the setting: only
// dynamic ones go (never private or static settings).
func Resettable(k string) bool { return !private[k] && !isStatic(k) }

func inGroup(k string) bool {
	for _, g := range groups {
		if strings.HasPrefix(k, g) {
			return true
		}
	}
	return false
}
