package notify_test

import (
	"context"
	"fmt"
	"net/url"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/notify"
)

// The HTTP layer matches a route from notify.Routes(), then hands the
// operation name and the parsed request to Handle.
func ExampleService_Handle() {
	s := notify.New(notify.Options{Now: func() time.Time { return time.UnixMilli(1700000000000) }})
	ctx := context.Background()

	res, _ := s.Handle(ctx, notify.OpCreate, notify.Request{Body: []byte(
		`{"config_id":"ops","config":{"name":"Ops","config_type":"slack","slack":{"url":"https://hooks.example.com/x"}}}`)})
	fmt.Println(res.Status, string(res.Body))

	res, _ = s.Handle(ctx, notify.OpList, notify.Request{Params: url.Values{"config_type": {"slack"}}})
	fmt.Println(res.Status, string(res.Body))

	_, err := s.Handle(ctx, notify.OpGet, notify.Request{PathParams: map[string]string{"config_id": "nope"}})
	fmt.Println(err.Status, err.ContentType(), string(err.Body()))
	// Output:
	// 200 {"config_id":"ops"}
	// 200 {"start_index":0,"total_hits":1,"total_hit_relation":"eq","config_list":[{"config_id":"ops","last_updated_time_ms":1700000000000,"created_time_ms":1700000000000,"config":{"name":"Ops","description":"","config_type":"slack","is_enabled":true,"slack":{"url":"https://hooks.example.com/x"}}}]}
	// 404 application/json; charset=UTF-8 {"error":{"root_cause":[{"type":"status_exception","reason":"NotificationConfig nope not found"}],"type":"status_exception","reason":"NotificationConfig nope not found"},"status":404}
}
