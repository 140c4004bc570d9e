package notifications

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
	"github.com/clustersearch/clustersearch-go/internal/transport"
	"github.com/clustersearch/clustersearch-go/types"
)

// SendTestResponse reports a delivered test message.
type SendTestResponse struct {
	types.ResponseMeta
	EventSource EventSource   `json:"event_source"`
	StatusList  []EventStatus `json:"status_list"`
}

// EventSource describes the message sent.
type EventSource struct {
	Title       string   `json:"title"`
	ReferenceID string   `json:"reference_id"`
	Severity    string   `json:"severity"` // info, high, critical
	Tags        []string `json:"tags"`
}

// EventStatus is the delivery outcome on one channel.
type EventStatus struct {
	ConfigID             string                 `json:"config_id"`
	ConfigType           ConfigType             `json:"config_type"`
	ConfigName           string                 `json:"config_name"`
	EmailRecipientStatus []EmailRecipientStatus `json:"email_recipient_status"`
	DeliveryStatus       DeliveryStatus         `json:"delivery_status"`
}

// EmailRecipientStatus is the delivery outcome for one email recipient.
type EmailRecipientStatus struct {
	Recipient      string         `json:"recipient"`
	DeliveryStatus DeliveryStatus `json:"delivery_status"`
}

// DeliveryStatus is a delivery outcome: an HTTP-like code as a string ("200")
// and the remote answer or an explanation.
type DeliveryStatus struct {
	StatusCode string `json:"status_code"`
	StatusText string `json:"status_text"`
}

// SendTest sends a test message through a channel:
// POST /_plugins/_notifications/feature/test/<config_id>. (The spec names GET,
// which 2.x servers still route but answer with a deprecation warning.) A failed delivery is a *types.Error whose
// reason carries the delivery details; DeliveryFailure extracts them.
func (s *Service) SendTest(ctx context.Context, configID string) (*SendTestResponse, error) {
	if configID == "" {
		return nil, errors.New("notifications: a config id is required")
	}
	out := &SendTestResponse{}
	req := &transport.Request{Method: http.MethodPost, Path: "/_plugins/_notifications/feature/test" + transport.Path(configID)}
	if _, err := s.t.Do(ctx, req, out); err != nil {
		return nil, err
	}
	return out, nil
}

// DeliveryFailure returns the per-channel outcomes of a failed SendTest. The
// server reports them as a JSON document inside the error's reason
// ({"event_status_list":[...]}); ok is false when err is not such an error.
func DeliveryFailure(err error) (statuses []EventStatus, ok bool) {
	var apiErr *types.Error
	if !errors.As(err, &apiErr) || apiErr.Type != "status_exception" {
		return nil, false
	}
	reason := strings.TrimSpace(apiErr.Reason)
	if !strings.HasPrefix(reason, "{") {
		return nil, false
	}
	var doc struct {
		EventStatusList []EventStatus `json:"event_status_list"`
	}
	if jsonx.Unmarshal([]byte(reason), &doc) != nil || doc.EventStatusList == nil {
		return nil, false
	}
	return doc.EventStatusList, true
}
