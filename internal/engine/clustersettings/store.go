package clustersettings

import (
	"encoding/json"
	"github.com/clustersearch/clustersearch-go/internal/engine/wildcard"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/allocation"
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/nodestats"
	"github.com/clustersearch/clustersearch-go/internal/engine/settings"
)

// Store holds the cluster's persistent and transient settings and the
// effective typed values derived from them. It is safe for concurrent use;
// readers on the search path only load an immutable *Values.
type Store struct {
	mu         sync.Mutex // serialises updates (the cluster-manager's state update)
	persistent settings.Settings
	transient  settings.Settings
	values     atomic.Pointer[Values]
	onChange   func(old, cur *Values)
	node       settings.Settings // the coordinating node's own settings (node.attr.*)
}

// SetNodeSettings records the settings the coordinating node was started
// with (its node.attr.* attributes): include_defaults lists them, as
// ClusterSettings.diff adds a node's group settings to the defaults. Call
// it before serving.
func (s *Store) SetNodeSettings(node settings.Settings) { s.node = clone(node) }

// OnChange registers fn, called with the previous and the new values after
// every change (updates and restores), in order. Register it before serving.
func (s *Store) OnChange(fn func(old, cur *Values)) { s.onChange = fn }

// publish installs new values; the caller holds mu.
func (s *Store) publish(v *Values) {
	old := s.values.Swap(v)
	if s.onChange != nil {
		s.onChange(old, v)
	}
}

// New returns a store with no settings set: every value is its default.
func New() *Store {
	s := &Store{persistent: settings.Settings{}, transient: settings.Settings{}}
	v, _ := resolve(nil, nil) // the defaults always parse
	s.values.Store(v)
	return s
}

// Values returns the effective values. A nil store gives the defaults, so
// code built without a store behaves as a fresh cluster.
func (s *Store) Values() *Values {
	if s == nil {
		v, _ := resolve(nil, nil)
		return v
	}
	return s.values.Load()
}

// Settings returns copies of the persistent and transient settings.
func (s *Store) Settings() (persistent, transient settings.Settings) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return clone(s.persistent), clone(s.transient)
}

// Defaults returns the known defaults of the dynamic settings set neither
// persistently nor transiently (include_defaults).
func (s *Store) Defaults() settings.Settings {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := settings.Settings{}
	for k, d := range allDefinitions() {
		if d.def == "" {
			continue
		}
		if _, ok := s.persistent[k]; ok {
			continue
		}
		if _, ok := s.transient[k]; ok {
			continue
		}
		out.Set(k, d.def)
	}
	for k, v := range s.node {
		if _, ok := s.persistent[k]; !ok {
			out[k] = v
		}
	}
	return out
}

// Update applies an update-settings request as SettingsUpdater does:
// transient first, then persistent, each key in sorted order, null (or a
// key ending in "*" set to null) removing; then the dependent settings are
// checked together. It returns the settings each block set (the response
// lists those, never the removals). Nothing changes on an error.
func (s *Store) Update(persistent, transient settings.Settings) (setP, setT settings.Settings, err *apierr.Error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	newT, setT, err := apply(s.transient, transient, "transient")
	if err != nil {
		return nil, nil, err
	}
	newP, setP, err := apply(s.persistent, persistent, "persistent")
	if err != nil {
		return nil, nil, err
	}
	v, err := resolve(newP, newT)
	if err != nil {
		return nil, nil, err
	}
	s.persistent, s.transient = newP, newT
	s.publish(v)
	return setP, setT, nil
}

// apply is AbstractScopedSettings.updateSettings with onlyDynamic.
func apply(current, req settings.Settings, scope string) (next, set settings.Settings, err *apierr.Error) {
	next, set = clone(current), settings.Settings{}
	var removals []string
	for _, k := range req.Keys() {
		v := req[k]
		d, known := lookup(k)
		ctx, isRate := scriptRateContext(k)
		switch {
		case isRate && scriptContextsKnown[ctx] && !scriptContextsModelled[ctx]:
			return nil, nil, apierr.Unsupported("the cluster setting [" + k + "]")
		case v.Null && (known && d.dynamic || strings.HasSuffix(k, "*") || !known && strings.HasPrefix(k, "archived.")):
			// (Archived settings, which the fake never holds, may be reset.)
			removals = append(removals, k)
		case !known && isUnsupported(k):
			return nil, nil, apierr.Unsupported("the cluster setting [" + k + "]")
		case !known:
			return nil, nil, apierr.IllegalArgument("%s setting [%s], not recognized", scope, k)
		case !v.Null && d.dynamic:
			if err := validate(k, d, v); err != nil {
				return nil, nil, err
			}
			set[k] = v
		default:
			return nil, nil, apierr.IllegalArgument("%s setting [%s], not dynamically updateable", scope, k)
		}
	}
	// Deletes apply to the current settings first; the new values land
	// after them, so "a.*": null beside "a.b": "1" keeps a.b.
	for _, r := range removals {
		for k := range next {
			if d, ok := lookup(k); ok && d.dynamic && wildcard.Simple(r, k) {
				delete(next, k)
			}
		}
	}
	for k, v := range set {
		next[k] = v
	}
	return next, set, nil
}

// resolve derives the effective values (transient over persistent over
// default) and runs the validators SearchService registers for its pairs of
// keep-alive settings, in its order: the PIT pair, then the scroll pair.
// The values are returned even when a validator refuses them.
func resolve(persistent, transient settings.Settings) (*Values, *apierr.Error) {
	get := func(k string) any {
		d, _ := lookup(k)
		raw := d.def
		if v, ok := persistent.Get(k); ok {
			raw = v
		}
		if v, ok := transient.Get(k); ok {
			raw = v
		}
		val, _ := parse(k, d, raw) // stored values were validated
		return val
	}
	v := &Values{
		CancelAfterTimeInterval: get(CancelAfterTimeInterval).(time.Duration),
		MaxKeepAlive:            get(MaxKeepAlive).(time.Duration),
		DefaultKeepAlive:        get(DefaultKeepAlive).(time.Duration),
		PITMaxKeepAlive:         get(PITMaxKeepAlive).(time.Duration),
		MaxOpenPITContext:       get(MaxOpenPITContext).(int),
		MaxBuckets:              get(MaxBuckets).(int),
		DestructiveRequiresName: get(DestructiveRequiresName).(bool),
		AllowExpensiveQueries:   get(AllowExpensiveQueries).(bool),
		AllocationEnable:        get(AllocationEnable).(allocation.Enable),
		autoCreate:              get(AutoCreateIndex).(autoCreate),
		compilationRates:        map[string]CompilationRate{},
	}
	// ScriptService.validateCacheSettings: every rate names a context.
	for _, set := range []settings.Settings{persistent, transient} {
		for _, k := range set.Keys() {
			ctx, ok := scriptRateContext(k)
			if !ok {
				continue
			}
			if !scriptContextsKnown[ctx] {
				return v, apierr.IllegalArgument("Context [%s] doesn't exist for setting [%s]", ctx, k)
			}
		}
	}
	for ctx := range scriptContextsModelled {
		k := RateSettingKey(ctx)
		raw := defaultCompilationRate
		if s, ok := persistent.Get(k); ok {
			raw = s
		}
		if s, ok := transient.Get(k); ok {
			raw = s
		}
		v.compilationRates[ctx], _ = parseCompilationRate(raw) // stored values were validated
	}
	if v.DefaultKeepAlive > v.PITMaxKeepAlive {
		return v, keepAliveOrder(PITMaxKeepAlive, "max keep alive for PIT", v.DefaultKeepAlive, v.PITMaxKeepAlive)
	}
	if v.DefaultKeepAlive > v.MaxKeepAlive {
		return v, keepAliveOrder(MaxKeepAlive, "max keep alive", v.DefaultKeepAlive, v.MaxKeepAlive)
	}
	return v, nil
}

func keepAliveOrder(maxKey, what string, def, max time.Duration) *apierr.Error {
	return apierr.IllegalArgument("Default keep alive setting for request [%s] should be smaller than %s [%s], was (%s > %s)",
		DefaultKeepAlive, what, maxKey, nodestats.Duration(def), nodestats.Duration(max))
}

func clone(s settings.Settings) settings.Settings {
	out := make(settings.Settings, len(s))
	for k, v := range s {
		out[k] = v
	}
	return out
}

// PersistentJSON encodes the persistent settings for a data directory.
func (s *Store) PersistentJSON() json.RawMessage {
	s.mu.Lock()
	defer s.mu.Unlock()
	flat := make(map[string]string, len(s.persistent))
	for k, v := range s.persistent {
		flat[k] = v.Str
	}
	data, _ := json.Marshal(flat) // a map of strings always marshals
	return data
}

// RestorePersistent loads persistent settings saved by PersistentJSON (a
// restarted cluster keeps them; transient ones are lost).
func (s *Store) RestorePersistent(data json.RawMessage) error {
	var flat map[string]string
	if err := json.Unmarshal(data, &flat); err != nil {
		return err
	}
	upd := settings.Settings{}
	for k, v := range flat {
		upd.Set(k, v)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	next, _, aerr := apply(settings.Settings{}, upd, "persistent")
	if aerr != nil {
		return aerr
	}
	// Each block is validated alone, as SettingsUpdater does; the keep-alive
	// pairs were checked against the transient block of the time, which a
	// restart dropped, so they do not stop the restore.
	v, _ := resolve(next, s.transient)
	s.persistent = next
	s.publish(v)
	return nil
}
