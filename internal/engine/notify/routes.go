package notify

import (
	"context"
	"net/url"
)

// BasePath is the plugin's URI prefix.
const BasePath = "/_plugins/_notifications"

// Operation names, as used in the fake's route table.
const (
	OpFeatures   = "notifications.features"
	OpChannels   = "notifications.channels"
	OpCreate     = "notifications.configs.create"
	OpUpdate     = "notifications.configs.update"
	OpGet        = "notifications.configs.get"
	OpList       = "notifications.configs.list"
	OpDelete     = "notifications.configs.delete"
	OpDeleteMany = "notifications.configs.delete_many"
	OpSendTest   = "notifications.feature.test"
)

// Route is one route of the plugin: method, path pattern ({name} marks a
// path parameter), operation name and the URL parameters the handler
// accepts (besides the server's generic ones such as pretty).
type Route struct {
	Method string
	Path   string
	Op     string
	Params []string
	// Body reports whether the operation reads a request body.
	Body bool
	// Deprecation, when set, is the message of the deprecation warning the
	// real server adds to responses of this (replaced) route.
	Deprecation string
}

// testPath is the test-notification route.
const testPath = BasePath + "/feature/test/{config_id}"

// configParams are NotificationConfigRestHandler.responseParams.
var configParams = []string{"config_id", "config_id_list", "sort_field", "sort_order", "from_index", "max_items"}

// Routes returns the plugin's routes. GET /feature/test is the deprecated
// form the plugin still serves.
func Routes() []Route {
	listParams := append([]string{}, configParams...)
	for _, group := range [][]string{rangeFields, booleanFields, keywordFields, textFields, nestedKeywordFields, nestedTextFields} {
		listParams = append(listParams, group...)
	}
	listParams = append(listParams, "query", "text_query")
	p := func() []string { return append([]string{}, configParams...) }
	return []Route{
		{Method: "GET", Path: BasePath + "/features", Op: OpFeatures},
		{Method: "GET", Path: BasePath + "/channels", Op: OpChannels},
		{Method: "POST", Path: BasePath + "/configs", Op: OpCreate, Params: p(), Body: true},
		{Method: "PUT", Path: BasePath + "/configs/{config_id}", Op: OpUpdate, Params: p(), Body: true},
		{Method: "GET", Path: BasePath + "/configs", Op: OpList, Params: listParams},
		{Method: "GET", Path: BasePath + "/configs/{config_id}", Op: OpGet, Params: append([]string{}, listParams...)},
		{Method: "DELETE", Path: BasePath + "/configs", Op: OpDeleteMany, Params: p()},
		{Method: "DELETE", Path: BasePath + "/configs/{config_id}", Op: OpDelete, Params: p()},
		{Method: "POST", Path: testPath, Op: OpSendTest, Params: []string{"config_id"}},
		{Method: "GET", Path: testPath, Op: OpSendTest, Params: []string{"config_id"},
			Deprecation: "[GET " + testPath + "] is deprecated! Use [POST " + testPath + "] instead."},
	}
}

// Request is a parsed HTTP request for one of the plugin's operations.
type Request struct {
	// PathParams holds the decoded path parameters ("config_id").
	PathParams map[string]string
	// Params holds the URL query parameters.
	Params url.Values
	// Body is the raw request body.
	Body []byte
}

// Handle runs operation op (one of the Op constants) and returns its result
// or the plugin's error. ctx bounds test deliveries.
func (s *Service) Handle(ctx context.Context, op string, req Request) (Result, *Error) {
	id := req.PathParams["config_id"]
	switch op {
	case OpFeatures:
		return s.Features(), nil
	case OpChannels:
		return s.Channels(), nil
	case OpCreate:
		return s.Create(req.Body)
	case OpUpdate:
		return s.Update(id, req.Body)
	case OpGet, OpList:
		return s.Get(id, req.Params)
	case OpDelete, OpDeleteMany:
		return s.Delete(id, req.Params)
	case OpSendTest:
		return s.SendTest(ctx, id)
	}
	return Result{}, &Error{Status: 500, Type: "illegal_state_exception",
		Reason: "unknown notifications operation [" + op + "]"}
}
