package notify

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"strconv"
	"strings"
)

// maxResponseBody bounds how much of a webhook's answer is kept.
const maxResponseBody = 1 << 20

// httpBody is DestinationHttpClient.buildRequestBody: {"text":...} for
// slack and microsoft_teams, {"Content":...} for chime, the plain text
// for a custom webhook.
func httpBody(configType string, m message) string {
	switch configType {
	case TypeChime:
		return string(appendQuoted([]byte(`{"Content":`), m.withTitle())) + "}"
	case TypeWebhook:
		return m.text
	}
	return string(appendQuoted([]byte(`{"text":`), m.withTitle())) + "}"
}

// validResponse are the statuses the plugin accepts from a webhook.
func validResponse(code int) bool {
	return code >= 200 && code <= 207
}

// sendHTTP is WebhookDestinationTransport.sendMessage.
func (s *Service) sendHTTP(ctx context.Context, cfg *Config, m message) deliveryStatus {
	url, method := "", "POST"
	var headers []Header
	if cfg.Webhook != nil {
		url, method, headers = cfg.Webhook.URL, cfg.Webhook.Method, cfg.Webhook.Headers
	} else if cfg.URL != nil {
		url = cfg.URL.URL
	}
	body := httpBody(cfg.Type, m)
	req, err := http.NewRequestWithContext(ctx, method, url, strings.NewReader(body))
	if err != nil {
		return deliveryStatus{"400", "Webhook message creation failed with status:" + err.Error()}
	}
	req.Header.Set("Content-Type", "text/plain; charset=UTF-8")
	if cfg.Webhook != nil {
		if len(headers) == 0 {
			req.Header.Set("Content-Type", "application/json")
		}
		for _, h := range headers {
			switch strings.ToLower(h.Name) {
			case "content-length":
				return deliveryStatus{"500", "Failed to send webhook message Content-Length header already present"}
			case "transfer-encoding":
				return deliveryStatus{"500", "Failed to send webhook message Transfer-encoding header already present"}
			case "host":
				req.Host = h.Value
			default:
				req.Header.Set(h.Name, h.Value)
			}
		}
	}
	resp, err := s.httpClient.Do(req)
	if err != nil {
		return deliveryStatus{"500", "Failed to send webhook message " + err.Error()}
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, maxResponseBody))
	if err != nil {
		return deliveryStatus{"500", "Failed to send webhook message " + err.Error()}
	}
	text := string(bytes.ToValidUTF8(raw, []byte("\ufffd")))
	if !validResponse(resp.StatusCode) {
		return deliveryStatus{"500", "Failed to send webhook message Failed: " + text}
	}
	if text == "" {
		text = "{}"
	}
	return deliveryStatus{strconv.Itoa(200), text}
}
