// Package storedscripts keeps the scripts of the cluster state's script
// metadata (PUT _scripts/{id}): painless scripts and mustache search
// templates, by id.
package storedscripts

import (
	"sync"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/mustache"
)

// Script is one stored script (StoredScriptSource): language, source and
// compiler options.
type Script struct {
	Lang, Source string
	Options      map[string]string
}

// Validate applies StoredScriptSource's checks and, for a template,
// ScriptService.putStoredScript's compilation: a language and a source,
// painless or mustache, and a template that compiles.
func (s Script) Validate() *apierr.Error {
	if s.Lang == "" {
		return apierr.IllegalArgument("must specify lang for stored script")
	}
	if s.Source == "" {
		return apierr.IllegalArgument("must specify source for stored script")
	}
	if s.Lang != "painless" && s.Lang != "mustache" {
		return apierr.IllegalArgument("unable to put stored script with unsupported lang [%s]", s.Lang)
	}
	if s.Lang == "mustache" {
		if _, err := mustache.Compile(s.Source); err != nil {
			return mustache.CompileError(s.Source, err)
		}
	}
	return nil
}

// Store holds the stored scripts; the zero value is empty and ready. It is
// safe for concurrent use.
type Store struct {
	mu sync.RWMutex
	m  map[string]Script
}

// Get returns the script stored under id.
func (s *Store) Get(id string) (Script, bool) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	sc, ok := s.m[id]
	return sc, ok
}

// Put stores sc under id, replacing any script there.
func (s *Store) Put(id string, sc Script) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.m == nil {
		s.m = map[string]Script{}
	}
	s.m[id] = sc
}

// Remove deletes the script stored under id and reports whether there was one.
func (s *Store) Remove(id string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, ok := s.m[id]
	delete(s.m, id)
	return ok
}

// StoredScript returns a stored script's language, source and options (the
// lookup update scripts and search templates use).
func (s *Store) StoredScript(id string) (lang, source string, options map[string]string, ok bool) {
	sc, ok := s.Get(id)
	return sc.Lang, sc.Source, sc.Options, ok
}
