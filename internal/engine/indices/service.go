package indices

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/knn"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/analysis"
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/clock"
	"github.com/clustersearch/clustersearch-go/internal/engine/ids"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
	"github.com/clustersearch/clustersearch-go/internal/engine/routing"
	"github.com/clustersearch/clustersearch-go/internal/engine/settings"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
	"github.com/clustersearch/clustersearch-go/internal/engine/version"
)

// Service holds every index of the fake cluster. It is safe for concurrent use.
type Service struct {
	clock   clock.Clock
	version version.Version
	IDs     *ids.Generator

	// AutoCreate, when set, vets an index a write would create
	// (action.auto_create_index); set it before serving.
	AutoCreate func(name string) *apierr.Error
	// Templates, when set, applies the index templates to the request of
	// a new index (auto: created by a write) and reports whether any
	// matched; set it before serving (templates.go).
	Templates func(req CreateRequest, auto bool) (CreateRequest, bool, *apierr.Error)

	mu      sync.RWMutex
	byName  map[string]*Index
	changed chan struct{} // closed and replaced when indexes or their settings change
	// stateVersion counts those changes: the cluster state's version.
	stateVersion int64
}

// New returns an empty registry.
func New(c clock.Clock, v version.Version) *Service {
	return &Service{clock: c, version: v, IDs: ids.NewGenerator(c), byName: map[string]*Index{}, changed: make(chan struct{})}
}

// Changed returns a channel closed at the next change of the cluster's
// indexes (create, delete, settings), for requests that wait on the cluster
// state (health with wait_for_*).
func (s *Service) Changed() <-chan struct{} {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.changed
}

// notifyLocked wakes the waiters of Changed; s.mu must be held for writing.
func (s *Service) notifyLocked() {
	s.stateVersion++
	close(s.changed)
	s.changed = make(chan struct{})
}

// StateVersion is the version of the cluster state the indexes are part
// of: it grows by one at each change Changed reports, from a base that
// counts the node joining and the elections of a fresh cluster.
func (s *Service) StateVersion() int64 {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.stateVersion + 3
}

// Clock returns the service clock.
func (s *Service) Clock() clock.Clock { return s.clock }

// Index is one index: immutable metadata, a mapping swapped on dynamic
// updates, and its shards.
type Index struct {
	Name         string
	UUID         string
	CreationDate int64
	Routing      routing.Table
	Shards       []*shard.Shard

	analyzers  map[string]analysis.Analyzer
	aliases    map[string]*Alias // guarded by Service.mu; replaced, never mutated
	settingsMu sync.Mutex        // serialises settings updates
	settings   atomic.Pointer[settings.Settings]
	prepared   sync.Pool  // *Prepared buffers reused between writes
	tokenBufs  sync.Pool  // *tokenBuf, prepare's analysis output
	mappingMu  sync.Mutex // serialises mapping updates
	mapping    atomic.Pointer[mapping.Mapping]
	closed     atomic.Bool // POST /{index}/_close; reads and writes then fail
	// KNN counts the index's k-NN requests (the plugin's stats API).
	KNN knn.Counters
}

// Closed reports whether the index is closed.
func (x *Index) Closed() bool { return x.closed.Load() }

// Settings returns the current settings, computed index.* keys included
// (immutable; do not modify).
func (x *Index) Settings() settings.Settings { return *x.settings.Load() }

// Replicas is index.number_of_replicas.
func (x *Index) Replicas() int { return settings.IntOr(x.Settings(), settings.NumberOfReplicas, 1) }

// timeSetting reads a time setting, def when unset.
func (x *Index) timeSetting(key string, def time.Duration) time.Duration {
	if v, ok := x.Settings().Get(key); ok {
		if d, err := settings.ParseTimeValue(v, key); err == nil {
			return d
		}
	}
	return def
}

// Mapping returns the current mapping (immutable; do not modify).
func (x *Index) Mapping() *mapping.Mapping { return x.mapping.Load() }

// Hidden reports index.hidden.
func (x *Index) Hidden() bool {
	v, _ := x.Settings().Get(settings.Hidden)
	return v == "true"
}

// RefreshInterval is index.refresh_interval (negative when disabled).
func (x *Index) RefreshInterval() time.Duration {
	return x.timeSetting(settings.RefreshInterval, time.Second)
}

// CreateRequest is a parsed create-index request.
type CreateRequest struct {
	Name     string
	Settings settings.Settings
	Mapping  *mapping.Mapping
	Aliases  map[string]*Alias
	// UUID and CreationDate, when set, are kept instead of fresh ones (an
	// imported dangling index keeps its identity).
	UUID         string
	CreationDate int64
	// RawMapping is the mapping as the request gave it, for the index
	// templates to merge theirs under (nil: none given).
	RawMapping jsonout.Object
	// Templated says the index templates were applied already (or must
	// not be: the validation of a template itself).
	Templated bool
	// Warn, when set, receives the deprecation warnings creating the
	// index earns (several legacy templates matching it).
	Warn func(string)
}

// Create adds an index. Settings must already be flattened and validated.
func (s *Service) Create(req CreateRequest) (*Index, *apierr.Error) {
	if err := ValidateName(req.Name); err != nil {
		return nil, err
	}
	if req.UUID == "" && !req.Templated && s.Templates != nil {
		var err *apierr.Error
		if req, err = s.applyTemplates(req); err != nil {
			return nil, err
		}
	}
	if err := settings.ValidateCreate(req.Settings); err != nil {
		return nil, err
	}
	analyzers, err := buildAnalyzers(req.Settings)
	if err != nil {
		return nil, err
	}
	if req.Mapping != nil {
		if err := mapping.ResolveKNN(req.Mapping, req.Settings); err != nil { // knn_vector fields depend on index.knn
			return nil, err
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if old, ok := s.byName[req.Name]; ok {
		return nil, apierr.IndexAlreadyExists(req.Name, old.UUID)
	}
	if len(s.aliasIndicesLocked(req.Name)) > 0 {
		return nil, apierr.InvalidIndexName(req.Name, "already exists as alias")
	}
	for a := range req.Aliases {
		if a == req.Name {
			return nil, &apierr.Error{Status: 400, Type: "invalid_alias_name_exception",
				Reason: "Invalid alias name [" + a + "]: an index or data stream exists with the same name as the alias",
				Meta:   []apierr.Meta{{Key: "index", Value: a}, {Key: "index_uuid", Value: apierr.UnknownUUID}}}
		}
		if err := s.validateAliasNameLocked(a); err != nil {
			return nil, err
		}
	}
	idx := s.build(req)
	idx.aliases = req.Aliases
	idx.analyzers = analyzers
	if err := idx.checkMappingAnalyzers(idx.Mapping().Root); err != nil {
		return nil, err
	}
	if req.UUID == "" {
		// A recovered index (an import, a restart) skips the limits, as
		// MAPPING_RECOVERY merges do.
		if err := idx.Mapping().CheckLimits(mapping.LimitsOf(idx.Settings())); err != nil {
			return nil, err
		}
	}
	s.byName[req.Name] = idx
	s.notifyLocked()
	return idx, nil
}

func (s *Service) build(req CreateRequest) *Index {
	now := s.clock.Now()
	st := settings.Settings{}
	for k, v := range req.Settings {
		if !v.Null {
			st[k] = v
		}
	}
	n := settings.IntOr(st, settings.NumberOfShards, 1)
	st.Set(settings.NumberOfShards, strconv.Itoa(n))
	st.Set(settings.NumberOfReplicas, strconv.Itoa(settings.IntOr(st, settings.NumberOfReplicas, 1)))
	uuid := ids.RandomUUID()
	if req.UUID != "" {
		uuid = req.UUID
	}
	created := now.UnixMilli()
	if req.CreationDate != 0 {
		created = req.CreationDate
	}
	st.Set(settings.UUID, uuid)
	st.Set(settings.CreationDate, strconv.FormatInt(created, 10))
	st.Set(settings.VersionCreated, strconv.Itoa(s.version.ID()))
	st.Set(settings.ProvidedName, req.Name)
	if s.version.Major >= 3 || (s.version.Major == 2 && s.version.Minor >= 7) {
		if _, ok := st[settings.ReplicationType]; !ok {
			st.Set(settings.ReplicationType, "DOCUMENT")
		}
	}
	idx := &Index{Name: req.Name, UUID: uuid, CreationDate: created}
	idx.settings.Store(&st)
	idx.Routing = routing.Table{Shards: n, RoutingShards: settings.IntOr(st, settings.NumberOfRoutingShards, routing.NumRoutingShards(n)),
		PartitionSize: settings.IntOr(st, settings.RoutingPartitionSize, 1)}
	for i := 0; i < n; i++ {
		idx.Shards = append(idx.Shards, shard.New(i, now))
	}
	m := req.Mapping
	if m == nil {
		m = mapping.Empty()
	}
	idx.mapping.Store(m)
	return idx
}

// Get returns an index by exact name.
func (s *Service) Get(name string) (*Index, bool) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	x, ok := s.byName[name]
	return x, ok
}

// GetOrCreate returns the index, creating it with default settings when it
// does not exist (auto-create on first write); the index templates, when
// installed, give it theirs (templates.go).
func (s *Service) GetOrCreate(name string) (*Index, bool, *apierr.Error) {
	if x, ok := s.Get(name); ok {
		return x, false, nil
	}
	if err := ValidateName(name); err != nil {
		return nil, false, err
	}
	x, created, err := s.autoCreate(name, s.Templates == nil)
	if x != nil || err != nil || s.Templates == nil {
		return x, created, err
	}
	return s.autoCreateTemplated(name)
}

// autoCreate vets an auto-creation (action.auto_create_index) and, with
// build, creates the index with default settings; without, it returns no
// index once the name passed.
func (s *Service) autoCreate(name string, build bool) (*Index, bool, *apierr.Error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if x, ok := s.byName[name]; ok {
		return x, false, nil
	}
	if s.AutoCreate != nil && len(s.aliasIndicesLocked(name)) == 0 {
		if err := s.AutoCreate(name); err != nil {
			return nil, false, err
		}
	}
	if !build {
		return nil, false, nil
	}
	x := s.build(CreateRequest{Name: name, Settings: settings.Settings{}})
	x.analyzers, _ = buildAnalyzers(settings.Settings{}) // built-ins only: cannot fail
	s.byName[name] = x
	s.notifyLocked()
	return x, true, nil
}

// Delete removes the named indexes (already resolved).
func (s *Service) Delete(names []string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, n := range names {
		delete(s.byName, n)
	}
	s.notifyLocked()
}

// Reset removes every index.
func (s *Service) Reset() {
	s.mu.Lock()
	s.byName = map[string]*Index{}
	s.notifyLocked()
	s.mu.Unlock()
}

// All returns every index, sorted by name.
func (s *Service) All() []*Index {
	names, _ := s.Resolve("_all", Options{AllowNoIndices: true, ExpandOpen: true, ExpandHidden: true})
	out := make([]*Index, 0, len(names))
	for _, n := range names {
		if x, ok := s.Get(n); ok {
			out = append(out, x)
		}
	}
	return out
}

// UpdateSettings applies an update-settings request to the named indexes:
// every index is checked before any changes, as the server does.
func (s *Service) UpdateSettings(names []string, upd settings.Settings, preserveExisting bool) *apierr.Error {
	static, err := settings.ValidateUpdate(upd)
	if err != nil {
		return err
	}
	var targets []*Index
	for _, n := range names {
		if x, ok := s.Get(n); ok {
			targets = append(targets, x)
		}
	}
	if len(static) > 0 && len(targets) > 0 {
		open := make([]settings.OpenIndex, len(targets))
		for i, x := range targets {
			open[i] = settings.OpenIndex{Name: x.Name, UUID: x.UUID}
		}
		return settings.NonDynamicError(static, open)
	}
	resets, werr := settings.WildcardResets(upd)
	if werr != nil && len(targets) > 0 {
		return werr
	}
	for _, x := range targets {
		x.settingsMu.Lock()
		next := settings.Settings{}
		for k, v := range x.Settings() {
			next[k] = v
		}
		for k := range next {
			if len(resets) > 0 && !preserveExisting && settings.Match(k, resets) && settings.Resettable(k) {
				delete(next, k)
			}
		}
		for k, v := range upd {
			if strings.Contains(k, "*") {
				continue
			}
			_, exists := next[k]
			switch {
			case preserveExisting && exists:
			case v.Null:
				delete(next, k)
			default:
				next[k] = v
			}
		}
		// MetadataUpdateSettingsService.updateIndexSettings: number_of_replicas
		// must stay explicit, so a reset writes its default back.
		if _, ok := next[settings.NumberOfReplicas]; !ok {
			next.Set(settings.NumberOfReplicas, "1")
		}
		x.settings.Store(&next)
		x.settingsMu.Unlock()
	}
	if len(targets) > 0 {
		s.mu.Lock()
		s.notifyLocked()
		s.mu.Unlock()
	}
	return nil
}
