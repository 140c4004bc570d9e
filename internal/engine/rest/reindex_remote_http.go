package rest

import (
	"io"
	"net"
	"net/http"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/reindex"
)

// remoteHTTP is the HTTP client of a reindex from a remote cluster: the
// engine's remote reader speaks the scroll protocol through it, and this
// layer alone knows net/http.
type remoteHTTP struct {
	ri     *reindex.RemoteInfo
	client *http.Client
}

// dialRemote is the reindex.RemoteDialer: the connect timeout bounds the
// dial, the socket timeout each request.
func dialRemote(ri *reindex.RemoteInfo) reindex.RemoteClient {
	dialer := &net.Dialer{Timeout: ri.ConnectTimeout}
	return &remoteHTTP{ri: ri, client: &http.Client{Timeout: ri.SocketTimeout, Transport: &http.Transport{DialContext: dialer.DialContext}}}
}

// Send implements reindex.RemoteClient.
func (c *remoteHTTP) Send(req reindex.RemoteRequest) (int, []byte, error) {
	hr, err := http.NewRequest(req.Method, req.URL, strings.NewReader(req.Body))
	if err != nil {
		return 0, nil, apierr.IllegalArgument("%s", err.Error())
	}
	hr.Header.Set("Content-Type", "application/json")
	for k, v := range c.ri.Headers {
		hr.Header.Set(k, v)
	}
	if c.ri.Username != "" {
		hr.SetBasicAuth(c.ri.Username, c.ri.Password)
	}
	resp, err := c.client.Do(hr)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxBody))
	if err != nil {
		return 0, nil, err
	}
	return resp.StatusCode, data, nil
}

// Close implements reindex.RemoteClient.
func (c *remoteHTTP) Close() { c.client.CloseIdleConnections() }
