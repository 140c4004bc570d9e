package notify

import (
	"fmt"
	"net/url"
	"sort"
	"strconv"
	"strings"
)

// Result is a successful answer: an HTTP status and a JSON body.
type Result struct {
	Status int
	Body   []byte
}

func ok(w *jsonWriter) Result { return Result{Status: 200, Body: w.bytes()} }

// lastParam is RestRequest.param: the last value given, and whether any was.
func lastParam(p url.Values, key string) (string, bool) {
	vs, found := p[key]
	if !found || len(vs) == 0 {
		return "", false
	}
	return vs[len(vs)-1], true
}

// Features answers GET /features.
func (s *Service) Features() Result {
	var w jsonWriter
	w.obj()
	w.key("allowed_config_type_list")
	w.strList(allowedConfigTypes[:])
	w.key("plugin_features")
	w.obj()
	w.strField("tooltip_support", "true")
	w.end()
	w.end()
	return ok(&w)
}

// Create answers POST /configs.
func (s *Service) Create(body []byte) (Result, *Error) {
	id, cfg, err := parseCreateBody(body)
	if err != nil {
		return Result{}, err
	}
	if err := s.validateConfig(cfg); err != nil {
		return Result{}, err
	}
	docID := ""
	if id != nil {
		docID = *id
		if len(docID) > 512 {
			return Result{}, statusErr(400, fmt.Sprintf(
				"Validation Failed: 1: id [%s] is too long, must be no longer than 512 bytes but was: %d;", docID, len(docID)))
		}
	} else {
		docID = s.ids.next()
	}
	if v := s.store.create(docID, cfg, s.nowMillis()); v != 0 {
		return Result{}, statusErr(409, fmt.Sprintf("[%s]: version conflict, document already exists (current version [%d])", docID, v))
	}
	s.changed()
	return configIDResult(docID), nil
}

// Update answers PUT /configs/{config_id}.
func (s *Service) Update(pathID string, body []byte) (Result, *Error) {
	id, cfg, err := parseUpdateBody(body, pathID)
	if err != nil {
		return Result{}, err
	}
	if err := s.validateConfig(cfg); err != nil {
		return Result{}, err
	}
	if id == "" {
		return Result{}, idMissing()
	}
	found, typeChanged := s.store.update(id, cfg, s.nowMillis())
	if !found {
		return Result{}, statusErr(404, "NotificationConfig "+id+" not found")
	}
	if typeChanged {
		return Result{}, statusErr(409, "Config type cannot be changed after creation")
	}
	s.changed()
	return configIDResult(id), nil
}

// idMissing is the GetRequest validation failure for an empty id, which the
// plugin turns into a 400 (the exception is an IllegalArgumentException).
func idMissing() *Error {
	return statusErr(400, "Validation Failed: 1: id is missing;")
}

func configIDResult(id string) Result {
	var w jsonWriter
	w.obj()
	w.strField("config_id", id)
	w.end()
	return ok(&w)
}

// validateConfig is ConfigIndexingActions.validateConfig.
func (s *Service) validateConfig(cfg *configDoc) *Error {
	switch cfg.Type {
	case TypeNone:
		return statusErr(406, "NotificationConfig with type NONE is not acceptable")
	case TypeMicrosoftTeams:
		if !teamsURL.MatchString(cfg.URL.URL) {
			return statusErr(400, `Wrong Microsoft Teams url. Should contain "webhook.office.com"`)
		}
	case TypeEmail:
		return s.validateEmail(cfg.Email)
	}
	return nil
}

func (s *Service) validateEmail(e *emailBlock) *Error {
	if contains(e.GroupIDs, e.AccountID) {
		return statusErr(400, "Config IDs "+e.AccountID+" is in both emailAccountID and emailGroupIds")
	}
	ids := uniqueIDs(append([]string{e.AccountID}, e.GroupIDs...))
	var missing []string
	recs := make([]*record, 0, len(ids))
	for _, id := range ids {
		if r := s.store.get(id); r != nil {
			recs = append(recs, r)
		} else {
			missing = append(missing, id)
		}
	}
	if len(missing) > 0 {
		return statusErr(404, "Config IDs not found:"+javaList(missing))
	}
	for _, r := range recs {
		switch r.cfg.Type {
		case TypeEmailGroup:
			if r.id == e.AccountID {
				return statusErr(406, "configId "+r.id+" is not a valid email account ID")
			}
		case TypeSMTPAccount, TypeSESAccount:
			if r.id != e.AccountID {
				return statusErr(406, "configId "+r.id+" is not a valid email group ID")
			}
		default:
			return statusErr(406, "configId "+r.id+" is not a valid email group ID or email account ID")
		}
	}
	return nil
}

// uniqueIDs keeps the first occurrence of each id (a Kotlin LinkedHashSet).
func uniqueIDs(ids []string) []string {
	out := make([]string, 0, len(ids))
	for _, id := range ids {
		if !contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}

// javaList formats a collection as Java's toString does: "[a, b]".
func javaList(items []string) string {
	return "[" + strings.Join(items, ", ") + "]"
}

// Get answers GET /configs and GET /configs/{config_id}; pathID is "" for
// the former.
func (s *Service) Get(pathID string, params url.Values) (Result, *Error) {
	q := listQuery{from: 0, size: defaultMaxItems}
	configID, hasID := lastParam(params, "config_id")
	if pathID != "" {
		configID, hasID = pathID, true
	}
	q.sortField, _ = lastParam(params, "sort_field")
	if order, found := lastParam(params, "sort_order"); found {
		switch strings.ToLower(order) {
		case "asc":
		case "desc":
			q.desc = true
		default:
			return Result{}, illegalArgument("Unknown SortOrder [" + order + "]")
		}
	}
	if v, found := lastParam(params, "from_index"); found {
		if n, err := strconv.ParseInt(v, 10, 32); err == nil {
			q.from = int(n)
		}
	}
	if v, found := lastParam(params, "max_items"); found {
		if n, err := strconv.ParseInt(v, 10, 32); err == nil {
			q.size = int(n)
		}
	}
	q.filters = filterParams(params, pathID != "")
	var ids []string
	if list, found := lastParam(params, "config_id_list"); found {
		ids = strings.Split(list, ",")
	}
	if hasID {
		ids = append(ids, configID)
	}
	ids = uniqueIDs(ids)

	var problems []string
	if q.from < 0 {
		problems = append(problems, "fromIndex is -ve")
	}
	if q.size <= 0 {
		problems = append(problems, "maxItems is not +ve")
	}
	if len(problems) > 0 {
		msg := "Validation Failed: "
		for i, p := range problems {
			msg += strconv.Itoa(i+1) + ": " + p + ";"
		}
		return Result{}, &Error{Status: 400, Type: "action_request_validation_exception", Reason: msg}
	}

	var page []*record
	start, total, relation := 0, 0, "eq"
	switch len(ids) {
	case 0:
		var err *Error
		page, total, relation, err = search(s.store.all(), q)
		if err != nil {
			return Result{}, err
		}
		start = q.from
	case 1:
		if ids[0] == "" {
			return Result{}, idMissing()
		}
		r := s.store.get(ids[0])
		if r == nil {
			return Result{}, statusErr(404, "NotificationConfig "+ids[0]+" not found")
		}
		page, total = []*record{r}, 1
	default:
		var missing []string
		for _, id := range ids {
			if r := s.store.get(id); r != nil {
				page = append(page, r)
			} else {
				missing = append(missing, id)
			}
		}
		if len(missing) > 0 {
			return Result{}, statusErr(404, "NotificationConfig "+javaList(missing)+" not found")
		}
		total = len(page)
	}
	var w jsonWriter
	w.obj()
	w.intField("start_index", int64(start))
	w.intField("total_hits", int64(total))
	w.strField("total_hit_relation", relation)
	w.key("config_list")
	w.arr()
	for _, r := range page {
		w.obj()
		w.strField("config_id", r.id)
		w.intField("last_updated_time_ms", r.updated)
		w.intField("created_time_ms", r.created)
		w.key("config")
		r.cfg.writeJSON(&w)
		w.end()
	}
	w.endArr()
	w.end()
	return ok(&w), nil
}

// Channels answers GET /channels.
func (s *Service) Channels() Result {
	q := listQuery{size: defaultMaxItems, filters: []param{{"config_type", strings.Join(channelTypes[:], ",")}}}
	page, _, _, _ := search(s.store.all(), q)
	var w jsonWriter
	w.obj()
	w.intField("start_index", 0)
	w.intField("total_hits", int64(len(page)))
	w.strField("total_hit_relation", "eq")
	w.key("channel_list")
	w.arr()
	for _, r := range page {
		w.obj()
		w.strField("config_id", r.id)
		w.strField("name", r.cfg.Name)
		w.strField("description", r.cfg.Description)
		w.strField("config_type", r.cfg.Type)
		w.boolField("is_enabled", r.cfg.IsEnabled)
		w.end()
	}
	w.endArr()
	w.end()
	return ok(&w)
}

// Delete answers DELETE /configs and DELETE /configs/{config_id}; pathID is
// "" for the former. config_id_list, when given, replaces config_id.
func (s *Service) Delete(pathID string, params url.Values) (Result, *Error) {
	configID, _ := lastParam(params, "config_id")
	if pathID != "" {
		configID = pathID
	}
	raw := []string{configID}
	if list, found := lastParam(params, "config_id_list"); found {
		raw = strings.Split(list, ",")
	}
	var ids []string
	for _, id := range raw {
		if strings.TrimFunc(id, isJavaWhitespace) != "" {
			ids = append(ids, id)
		}
	}
	ids = uniqueIDs(ids)
	if len(ids) == 0 {
		return Result{}, plainText(400, "either config_id or config_id_list is required")
	}
	if missing := s.store.deleteAll(ids); len(missing) > 0 {
		if len(ids) == 1 {
			return Result{}, statusErr(404, "NotificationConfig "+ids[0]+" not found")
		}
		return Result{}, statusErr(404, "NotificationConfig "+javaList(missing)+" not found")
	}
	s.changed()
	var w jsonWriter
	w.obj()
	w.key("delete_response_list")
	w.obj()
	for _, id := range ids {
		w.strField(id, "OK")
	}
	w.end()
	w.end()
	return ok(&w), nil
}

// filterParams picks the filter parameters in the iteration order of the
// request's parameter HashMap, which decides which bad filter is reported
// first. Insertion order is unknown (url.Values), so names are inserted
// sorted.
func filterParams(params url.Values, pathID bool) []param {
	names := make([]string, 0, len(params)+1)
	for k := range params {
		names = append(names, k)
	}
	if _, found := params["config_id"]; pathID && !found {
		names = append(names, "config_id")
	}
	sort.Strings(names)
	var out []param
	for _, name := range javaHashMapOrder(names, func(s string) string { return s }) {
		if isFilterParam(name) {
			v, _ := lastParam(params, name)
			out = append(out, param{name, v})
		}
	}
	return out
}
