package templates

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/settings"
	"github.com/clustersearch/clustersearch-go/internal/engine/wildcard"
)

// Store holds the cluster's templates. It is safe for concurrent use.
type Store struct {
	// Validate, when set, checks that an index could be created with a
	// template's resolved settings, mapping and aliases (analyzers the
	// mapping names, mapping limits): MetadataIndexTemplateService
	// validates a template on a temporary index service the same way. Set
	// it before serving.
	Validate func(indices.CreateRequest) *apierr.Error
	// ValidateAlias, when set, checks an alias a template gives an index
	// (its filter must be a query, one index routing value), as
	// AliasValidator.validateAliasMetadata does at index creation and on
	// the temporary index a composable template is validated on.
	ValidateAlias func(name string, a *indices.Alias) *apierr.Error

	mu         sync.RWMutex
	composable map[string]*Composable
	component  map[string]*Component
	legacy     map[string]*Legacy
	// changes counts the changes, for the persister's fingerprint.
	changes int64
}

// New returns an empty store.
func New() *Store {
	return &Store{composable: map[string]*Composable{}, component: map[string]*Component{}, legacy: map[string]*Legacy{}}
}

// Changes counts the changes made so far.
func (s *Store) Changes() int64 {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.changes
}

// Reset removes every template.
func (s *Store) Reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.composable, s.component, s.legacy = map[string]*Composable{}, map[string]*Component{}, map[string]*Legacy{}
	s.changes++
}

// javaList renders a list as Java's List.toString does.
func javaList(items []string) string { return "[" + strings.Join(items, ", ") + "]" }

// hashOrder is the iteration order of a HashMap keyed by these names.
func hashOrder(names []string) []string {
	sorted := append([]string(nil), names...)
	sort.Strings(sorted)
	return settings.HashMapOrder(sorted)
}

// hashOrderAliases orders aliases as the HashMap templates keep them in.
func hashOrderAliases(as []NamedAlias) []NamedAlias {
	byName := map[string]NamedAlias{}
	names := make([]string, 0, len(as))
	for _, a := range as {
		if _, dup := byName[a.Name]; !dup {
			names = append(names, a.Name)
		}
		byName[a.Name] = a
	}
	out := make([]NamedAlias, 0, len(names))
	for _, n := range settings.HashMapOrder(names) {
		out = append(out, byName[n])
	}
	return out
}

// invalidTemplate is InvalidIndexTemplateException.
func invalidTemplate(name, msg string) *apierr.Error {
	return apierr.New(TypeInvalidIndexTemplate, "index_template ["+name+"] invalid, cause ["+msg+"]")
}

// missingTemplate is IndexTemplateMissingException.
func missingTemplate(name string) *apierr.Error {
	return apierr.New(TypeIndexTemplateMissing, "index_template ["+name+"] missing")
}

// Exception types of this package's errors.
const (
	TypeInvalidIndexTemplate = "invalid_index_template_exception"
	TypeIndexTemplateMissing = "index_template_missing_exception"
)

// conflicts lists the templates of one kind whose patterns overlap
// patterns, as name => patterns in HashMap order, skipping self.
func conflicts(self string, patterns []string, names []string, patternsOf func(string) []string, keep func(string) bool) (string, string, bool) {
	var hit []string
	for _, n := range names {
		if n != self && overlap(patterns, patternsOf(n)) && (keep == nil || keep(n)) {
			hit = append(hit, n)
		}
	}
	if len(hit) == 0 {
		return "", "", false
	}
	hit = hashOrder(hit)
	desc := make([]string, len(hit))
	for i, n := range hit {
		desc[i] = n + " => " + javaList(patternsOf(n))
	}
	return strings.Join(hit, ","), strings.Join(desc, ","), true
}

func keys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

// PutComposable adds or replaces a composable template
// (putIndexTemplateV2); it returns the deprecation warnings to send.
func (s *Store) PutComposable(name string, c *Composable, create bool) ([]string, *apierr.Error) {
	if err := validateRequest(c); err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	warnings, err := s.checkComposableLocked(name, c, create)
	if err != nil {
		return nil, err
	}
	if existing, ok := s.composable[name]; ok && sameJSON(renderComposable(existing, false), renderComposable(c, false)) {
		return warnings, nil
	}
	if err := s.validateComposableLocked(name, c); err != nil {
		return nil, err
	}
	s.composable[name] = c
	s.changes++
	return warnings, nil
}

// validateRequest is PutComposableIndexTemplateAction.Request's
// validateIndexTemplate, run before the request reaches the service.
func validateRequest(c *Composable) *apierr.Error {
	var msgs []string
	if c.Template != nil && anyMatchAll(c.IndexPatterns) {
		if _, hidden := c.Template.Settings[settings.Hidden]; hidden {
			msgs = append(msgs, "global composable templates may not specify the setting "+settings.Hidden)
		}
	}
	if c.Priority != nil && *c.Priority < 0 {
		msgs = append(msgs, "index template priority must be >= 0")
	}
	if len(msgs) > 0 {
		return apierr.Validation(msgs...)
	}
	return nil
}

// checkComposableLocked runs validateV2TemplateRequest and the checks of
// addIndexTemplateV2 that come before validation.
func (s *Store) checkComposableLocked(name string, c *Composable, create bool) ([]string, *apierr.Error) {
	if anyMatchAll(c.IndexPatterns) {
		if _, hidden := s.composableSettingsLocked(c)[settings.Hidden]; hidden {
			return nil, invalidTemplate(name, "global composable templates may not specify the setting "+settings.Hidden)
		}
	}
	var missing []string
	for _, ct := range c.ComposedOf {
		if _, ok := s.component[ct]; !ok {
			missing = append(missing, ct)
		}
	}
	if len(missing) > 0 {
		return nil, invalidTemplate(name, "index template ["+name+"] specifies component templates "+javaList(missing)+" that do not exist")
	}
	if _, exists := s.composable[name]; create && exists {
		return nil, apierr.IllegalArgument("index template [%s] already exists", name)
	}
	patternsOf := func(n string) []string { return s.composable[n].IndexPatterns }
	samePriority := func(n string) bool { return s.composable[n].PriorityOrZero() == c.PriorityOrZero() }
	if names, desc, ok := conflicts(name, c.IndexPatterns, keys(s.composable), patternsOf, samePriority); ok {
		return nil, apierr.IllegalArgument("index template [%s] has index patterns %s matching patterns from existing templates [%s] with patterns (%s) that have the same priority [%d], multiple index templates may not match during index creation, please use a different priority",
			name, javaList(c.IndexPatterns), names, desc, c.PriorityOrZero())
	}
	var warnings []string
	legacyPatterns := func(n string) []string { return s.legacy[n].Patterns }
	if names, desc, ok := conflicts("", c.IndexPatterns, keys(s.legacy), legacyPatterns, nil); ok {
		warnings = append(warnings, fmt.Sprintf("index template [%s] has index patterns %s matching patterns from existing older templates [%s] with patterns (%s); this template [%s] will take precedence during new index creation",
			name, javaList(c.IndexPatterns), names, desc, name))
	}
	return warnings, nil
}

// validateComposableLocked is validate(name, template) followed by
// validateCompositeTemplate.
func (s *Store) validateComposableLocked(name string, c *Composable) *apierr.Error {
	var t Template
	if c.Template != nil {
		t = *c.Template
	}
	if err := s.validateLocked(name, t.Settings, c.IndexPatterns, t.Aliases); err != nil {
		return err
	}
	if err := s.validateCompositeLocked(name, c); err != nil {
		msg := "composable template [" + name + "] template after composition "
		if len(c.ComposedOf) > 0 {
			msg += "with component templates " + javaList(c.ComposedOf) + " "
		}
		return apierr.IllegalArgument("%sis invalid", msg).WithCause(err)
	}
	return nil
}

// validateCompositeLocked checks the settings, aliases and mappings c
// resolves to with its component templates.
func (s *Store) validateCompositeLocked(name string, c *Composable) *apierr.Error {
	st := s.composableSettingsLocked(c)
	if err := s.checkIndex(st, nil, nil, "validate-template"); err != nil {
		return err
	}
	for _, a := range s.composableAliasesLocked(c) {
		if s.ValidateAlias != nil {
			if err := s.ValidateAlias(a.Name, a.Alias); err != nil {
				return err
			}
		}
	}
	merged, err := s.composableMappingLocked(c, nil)
	if err == nil && merged != nil {
		err = s.checkIndex(st, merged, nil, "validate-template")
	}
	if err != nil {
		return apierr.IllegalArgument("invalid composite mappings for [%s]", name).WithCause(err)
	}
	return nil
}

// checkIndex asks Validate whether an index could be created so.
func (s *Store) checkIndex(st settings.Settings, mapping jsonout.Object, aliases []NamedAlias, name string) *apierr.Error {
	if s.Validate == nil {
		return nil
	}
	req := indices.CreateRequest{Name: name, Settings: settings.Settings{}, Templated: true}
	for k, v := range st {
		req.Settings[k] = v
	}
	if mapping != nil {
		req.RawMapping = mapping
	}
	if len(aliases) > 0 {
		req.Aliases = map[string]*indices.Alias{}
		for _, a := range aliases {
			req.Aliases[a.Name] = a.Alias
		}
	}
	return s.Validate(req)
}

// validateLocked is MetadataIndexTemplateService.validate: the name and
// patterns rules, the settings, a global template's index.hidden, then
// the aliases.
func (s *Store) validateLocked(name string, st settings.Settings, patterns []string, aliases []NamedAlias) *apierr.Error {
	var errs []string
	if strings.Contains(name, " ") {
		errs = append(errs, "name must not contain a space")
	}
	if strings.Contains(name, ",") {
		errs = append(errs, "name must not contain a ','")
	}
	if strings.Contains(name, "#") {
		errs = append(errs, "name must not contain a '#'")
	}
	if strings.Contains(name, "*") {
		errs = append(errs, "name must not contain a '*'")
	}
	if strings.HasPrefix(name, "_") {
		errs = append(errs, "name must not start with '_'")
	}
	if strings.ToLower(name) != name {
		errs = append(errs, "name must be lower cased")
	}
	for _, p := range patterns {
		if strings.Contains(p, " ") {
			errs = append(errs, "index_patterns ["+p+"] must not contain a space")
		}
		if strings.Contains(p, ",") {
			errs = append(errs, "index_pattern ["+p+"] must not contain a ','")
		}
		if strings.Contains(p, "#") {
			errs = append(errs, "index_pattern ["+p+"] must not contain a '#'")
		}
		if strings.Contains(p, ":") {
			errs = append(errs, "index_pattern ["+p+"] must not contain a ':'")
		}
		if strings.HasPrefix(p, "_") {
			errs = append(errs, "index_pattern ["+p+"] must not start with '_'")
		}
		if strings.ContainsAny(p, "\\/?\"<>| ,") {
			errs = append(errs, "index_pattern ["+p+`] must not contain the following characters [ , ", *, \, <, |, ,, >, /, ?]`)
		}
	}
	if st != nil {
		if err := settings.ValidateCreate(st); err != nil {
			errs = append(errs, err.Reason)
		}
	}
	if anyMatchAll(patterns) {
		if _, hidden := st[settings.Hidden]; hidden {
			errs = append(errs, "global templates may not specify the setting "+settings.Hidden)
		}
	}
	if len(errs) > 0 {
		var b strings.Builder
		b.WriteString("Validation Failed: ")
		for i, e := range errs {
			fmt.Fprintf(&b, "%d: %s;", i+1, e)
		}
		return invalidTemplate(name, b.String())
	}
	for _, a := range aliases {
		if err := validateAliasStandalone(a); err != nil {
			return err
		}
		for _, p := range patterns {
			if p == a.Name {
				return apierr.IllegalArgument("alias [%s] cannot be the same as any pattern in [%s]", a.Name, strings.Join(patterns, ", "))
			}
		}
	}
	return nil
}

// validateAliasStandalone is AliasValidator.validateAliasStandalone: the
// alias name rules and a single index routing value.
func validateAliasStandalone(a NamedAlias) *apierr.Error {
	if strings.TrimSpace(a.Name) == "" {
		return apierr.IllegalArgument("alias name is required")
	}
	if err := indices.ValidateName(a.Name); err != nil {
		return &apierr.Error{Status: 400, Type: "invalid_alias_name_exception",
			Reason: "Invalid alias name [" + a.Name + "]: " + strings.TrimPrefix(err.Reason, "Invalid index name ["+a.Name+"], "),
			Meta:   []apierr.Meta{{Key: "index", Value: a.Name}, {Key: "index_uuid", Value: apierr.UnknownUUID}}}
	}
	if strings.Contains(a.Alias.IndexRouting, ",") {
		return apierr.IllegalArgument("alias [%s] has several index routing values associated with it", a.Name)
	}
	return nil
}

// composableSettingsLocked is resolveSettings: the component templates'
// settings in order, then the template's own.
func (s *Store) composableSettingsLocked(c *Composable) settings.Settings {
	out := settings.Settings{}
	for _, n := range c.ComposedOf {
		if ct, ok := s.component[n]; ok {
			for k, v := range ct.Template.Settings {
				out[k] = v
			}
		}
	}
	if c.Template != nil {
		for k, v := range c.Template.Settings {
			out[k] = v
		}
	}
	return out
}

// composableAliasesLocked is resolveAliases flattened: the template's own
// aliases first, then the component templates' from the last; a name
// already given is skipped.
func (s *Store) composableAliasesLocked(c *Composable) []NamedAlias {
	var lists [][]NamedAlias
	for _, n := range c.ComposedOf {
		if ct, ok := s.component[n]; ok && ct.Template.Aliases != nil {
			lists = append(lists, ct.Template.Aliases)
		}
	}
	if c.Template != nil && c.Template.Aliases != nil {
		lists = append(lists, c.Template.Aliases)
	}
	var out []NamedAlias
	seen := map[string]bool{}
	for i := len(lists) - 1; i >= 0; i-- {
		for _, a := range lists[i] {
			if !seen[a.Name] {
				seen[a.Name] = true
				out = append(out, a)
			}
		}
	}
	return out
}

// composableMappingLocked merges the component templates' mappings, the
// template's and then req (the create request's), nil when none has one.
func (s *Store) composableMappingLocked(c *Composable, req jsonout.Object) (jsonout.Object, *apierr.Error) {
	var list []jsonout.Object
	for _, n := range c.ComposedOf {
		if ct, ok := s.component[n]; ok && len(ct.Template.Mappings) > 0 {
			list = append(list, ct.Template.Mappings)
		}
	}
	if c.Template != nil && len(c.Template.Mappings) > 0 {
		list = append(list, c.Template.Mappings)
	}
	if len(req) > 0 {
		list = append(list, req)
	}
	if len(list) == 0 {
		return nil, nil
	}
	merged := jsonout.Object{}
	for _, m := range list {
		var err *apierr.Error
		if merged, err = mergeTemplateMapping(merged, m); err != nil {
			return nil, err
		}
	}
	return merged, nil
}

// findComposableLocked is findV2Template: the matching template of the
// highest priority; a hidden index skips the global (match-all) ones.
func (s *Store) findComposableLocked(index string, hidden bool) (string, *apierr.Error) {
	// Only the matching names are put in the server's HashMap order: it
	// decides between equal priorities, which validation keeps apart.
	var matched []string
	for n, c := range s.composable {
		if (!hidden || !anyMatchAll(c.IndexPatterns)) && matches(c.IndexPatterns, index) {
			matched = append(matched, n)
		}
	}
	if len(matched) == 0 {
		return "", nil
	}
	var best string
	var bestPrio int64
	for _, n := range hashOrder(matched) {
		if p := s.composable[n].PriorityOrZero(); best == "" || p > bestPrio {
			best, bestPrio = n, p
		}
	}
	w := s.composable[best]
	if anyMatchAll(w.IndexPatterns) {
		if _, ok := s.composableSettingsLocked(w)[settings.Hidden]; ok {
			return "", apierr.New(apierr.TypeIllegalState, "global index template ["+best+"], composed of component templates ["+strings.Join(w.ComposedOf, ",")+"] defined the index.hidden setting, which is not allowed")
		}
	}
	return best, nil
}

// findLegacyLocked is findV1Templates: the matching legacy templates,
// highest order first; hidden is nil when the request does not say.
func (s *Store) findLegacyLocked(index string, hidden *bool) ([]string, *apierr.Error) {
	var out []string
	for n, l := range s.legacy {
		if hidden != nil && *hidden && anyMatchAll(l.Patterns) {
			continue
		}
		if matches(l.Patterns, index) {
			out = append(out, n)
		}
	}
	out = hashOrder(out)
	sort.SliceStable(out, func(i, j int) bool { return s.legacy[out[i]].Order > s.legacy[out[j]].Order })
	if hidden == nil {
		first := ""
		for _, n := range out {
			if _, ok := s.legacy[n].Settings[settings.Hidden]; ok {
				first = n
				break
			}
		}
		if first != "" {
			if v, _ := s.legacy[first].Settings.Get(settings.Hidden); v == "true" {
				kept := out[:0:0]
				for _, n := range out {
					if !anyMatchAll(s.legacy[n].Patterns) {
						kept = append(kept, n)
					}
				}
				out = kept
			}
			after := ""
			for _, n := range out {
				if _, ok := s.legacy[n].Settings[settings.Hidden]; ok {
					after = n
					break
				}
			}
			if after != first {
				return nil, apierr.New(apierr.TypeIllegalState, "A global index template ["+first+"] defined the index hidden setting, which is not allowed")
			}
		}
	}
	return out, nil
}

// GetComposable returns the composable templates name selects (all when
// empty, simpleMatch with a wildcard), in the response's order.
func (s *Store) GetComposable(name string) ([]string, map[string]*Composable, *apierr.Error) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	sel, err := selectNames(name, keys(s.composable), "index template")
	if err != nil {
		return nil, nil, err
	}
	out := map[string]*Composable{}
	for _, n := range sel {
		out[n] = s.composable[n]
	}
	return sel, out, nil
}

// GetComponent returns the component templates name selects.
func (s *Store) GetComponent(name string) ([]string, map[string]*Component, *apierr.Error) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	sel, err := selectNames(name, keys(s.component), "component template")
	if err != nil {
		return nil, nil, err
	}
	out := map[string]*Component{}
	for _, n := range sel {
		out[n] = s.component[n]
	}
	return sel, out, nil
}

// selectNames is the name selection of the get actions of composable and
// component templates: all, a simpleMatch pattern, or one name that must
// exist.
func selectNames(name string, all []string, what string) ([]string, *apierr.Error) {
	if name == "" {
		return hashOrder(all), nil
	}
	if strings.Contains(name, "*") {
		var out []string
		for _, n := range all {
			if wildcard.Simple(name, n) {
				out = append(out, n)
			}
		}
		return hashOrder(out), nil
	}
	for _, n := range all {
		if n == name {
			return []string{n}, nil
		}
	}
	return nil, apierr.New(apierr.TypeResourceNotFound, what+" matching ["+name+"] not found")
}

// GetLegacy returns the legacy templates names select (comma-separated
// names or patterns; all when empty), in the response's order.
func (s *Store) GetLegacy(names []string) ([]string, map[string]*Legacy) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	out := map[string]*Legacy{}
	var order []string
	add := func(n string) {
		if _, ok := out[n]; !ok {
			order = append(order, n)
		}
		out[n] = s.legacy[n]
	}
	if len(names) == 0 {
		for _, n := range hashOrder(keys(s.legacy)) {
			add(n)
		}
	}
	for _, name := range names {
		if strings.Contains(name, "*") {
			for _, n := range hashOrder(keys(s.legacy)) {
				if wildcard.Simple(name, n) {
					add(n)
				}
			}
		} else if _, ok := s.legacy[name]; ok {
			add(name)
		}
	}
	return order, out
}

// removeMatching deletes the names of m that pattern selects; none is an
// index_template_missing_exception unless pattern is "*".
func removeMatching[V any](m map[string]V, pattern string) ([]string, *apierr.Error) {
	var hit []string
	for n := range m {
		if wildcard.Simple(pattern, n) {
			hit = append(hit, n)
		}
	}
	if len(hit) == 0 {
		if matchAll(pattern) {
			return nil, nil
		}
		return nil, missingTemplate(pattern)
	}
	for _, n := range hit {
		delete(m, n)
	}
	return hit, nil
}

// DeleteComposable removes the composable templates name selects.
func (s *Store) DeleteComposable(name string) *apierr.Error {
	s.mu.Lock()
	defer s.mu.Unlock()
	hit, err := removeMatching(s.composable, name)
	if len(hit) > 0 {
		s.changes++
	}
	return err
}

// DeleteLegacy removes the legacy templates name selects.
func (s *Store) DeleteLegacy(name string) *apierr.Error {
	s.mu.Lock()
	defer s.mu.Unlock()
	hit, err := removeMatching(s.legacy, name)
	if len(hit) > 0 {
		s.changes++
	}
	return err
}

// DeleteComponent removes the component templates name selects, refusing
// while a composable template uses one (validateNotInUse).
func (s *Store) DeleteComponent(name string) *apierr.Error {
	s.mu.Lock()
	defer s.mu.Unlock()
	matching := map[string]bool{}
	for n := range s.component {
		if wildcard.Simple(name, n) {
			matching[n] = true
		}
	}
	used := map[string]bool{}
	var users []string
	for _, tn := range hashOrder(keys(s.composable)) {
		inUse := false
		for _, ct := range s.composable[tn].ComposedOf {
			if matching[ct] {
				used[ct], inUse = true, true
			}
		}
		if inUse {
			users = append(users, tn)
		}
	}
	if len(users) > 0 {
		return apierr.IllegalArgument("component templates %s cannot be removed as they are still in use by index templates %s",
			javaList(hashOrder(keys(used))), javaList(users))
	}
	hit, err := removeMatching(s.component, name)
	if len(hit) > 0 {
		s.changes++
	}
	return err
}

// PutComponent adds or replaces a component template (addComponentTemplate).
func (s *Store) PutComponent(name string, c *Component, create bool) *apierr.Error {
	s.mu.Lock()
	defer s.mu.Unlock()
	existing, exists := s.component[name]
	if create && exists {
		return apierr.IllegalArgument("component template [%s] already exists", name)
	}
	var users []string
	for _, tn := range hashOrder(keys(s.composable)) {
		for _, ct := range s.composable[tn].ComposedOf {
			if ct == name {
				users = append(users, tn)
				break
			}
		}
	}
	if !create && c.Template.Settings != nil {
		if _, hidden := c.Template.Settings[settings.Hidden]; hidden {
			var globals []string
			for _, tn := range users {
				if anyMatchAll(s.composable[tn].IndexPatterns) {
					globals = append(globals, tn)
				}
			}
			if len(globals) > 0 {
				return apierr.IllegalArgument("cannot update component template [%s] because the following global templates would resolve to specifying the [%s] setting: [%s]",
					name, settings.Hidden, strings.Join(globals, ","))
			}
		}
	}
	if exists && sameJSON(renderComponent(existing, false), renderComponent(c, false)) {
		return nil
	}
	// validateTemplate: the settings and the mapping alone make an index.
	if err := s.checkIndex(c.Template.Settings, c.Template.Mappings, nil, "validate-template"); err != nil {
		return err
	}
	if err := s.validateLocked(name, c.Template.Settings, nil, c.Template.Aliases); err != nil {
		return err
	}
	if len(users) > 0 {
		prev, had := s.component[name]
		s.component[name] = c
		var failure *apierr.Error
		for _, tn := range users {
			if err := s.validateCompositeLocked(tn, s.composable[tn]); err != nil {
				failure = apierr.IllegalArgument("updating component template [%s] results in invalid composable template [%s] after templates are merged", name, tn).WithCause(err)
				break
			}
		}
		if had {
			s.component[name] = prev
		} else {
			delete(s.component, name)
		}
		if failure != nil {
			return failure
		}
	}
	s.component[name] = c
	s.changes++
	return nil
}

// PutLegacy adds or replaces a legacy template (putTemplate); it returns
// the deprecation warnings to send.
func (s *Store) PutLegacy(name string, l *Legacy, create bool) ([]string, *apierr.Error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.validateLocked(name, l.Settings, l.Patterns, l.Aliases); err != nil {
		return nil, err
	}
	if err := s.checkIndex(l.Settings, l.Mappings, nil, "validate-template"); err != nil {
		return nil, err
	}
	if _, exists := s.legacy[name]; create && exists {
		return nil, apierr.IllegalArgument("index_template [%s] already exists", name)
	}
	var warnings []string
	patternsOf := func(n string) []string { return s.composable[n].IndexPatterns }
	if names, desc, ok := conflicts(name, l.Patterns, keys(s.composable), patternsOf, nil); ok {
		warnings = append(warnings, fmt.Sprintf("legacy template [%s] has index patterns %s matching patterns from existing composable templates [%s] with patterns (%s); this template [%s] may be ignored in favor of a composable template at index creation time",
			name, javaList(l.Patterns), names, desc, name))
	}
	s.legacy[name] = l
	s.changes++
	return warnings, nil
}

func sameJSON(a, b jsonout.Object) bool {
	ab, _ := jsonout.Marshal(a)
	bb, _ := jsonout.Marshal(b)
	return string(ab) == string(bb)
}
