package web

import (
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var (
	cardName  = regexp.MustCompile(`<section class="variant" data-variant="([^"]+)"`)
	groupName = regexp.MustCompile(`<section class="variant-group" data-group="([^"]+)"`)
)

// shownVariants lists the variant cards of a Variants page, in order.
func shownVariants(body string) []string {
	var out []string
	for _, m := range cardName.FindAllStringSubmatch(body, -1) {
		out = append(out, m[1])
	}
	return out
}

func shownGroups(body string) []string {
	var out []string
	for _, m := range groupName.FindAllStringSubmatch(body, -1) {
		out = append(out, m[1])
	}
	return out
}

// The Variants page is grouped by family and region, as `variants list` groups them,
// without JavaScript: every group once, each card under its own group.
func TestVariantsPageGrouped(t *testing.T) {
	c := newClient(t, newServer(t, Config{}))
	code, body := c.get("/variants")
	require.Equal(t, http.StatusOK, code)
	groups := shownGroups(body)
	require.NotEmpty(t, groups)
	assert.Equal(t, "checkers", groups[0])
	assert.Contains(t, groups, "mancala / West Africa")
	assert.Contains(t, groups, "mancala / East Africa")
	seen := map[string]bool{}
	for _, g := range groups {
		assert.False(t, seen[g], "group %s shown twice", g)
		seen[g] = true
	}
	// An index of the groups links each one.
	assert.Contains(t, body, `<nav class="group-index" id="group-index" aria-label="groups">Groups: <span><a href="#group-1">checkers</a> <small>(`)
	assert.Contains(t, body, `<section class="variant-group" data-group="checkers" id="group-1">`)
	all := shownVariants(body)
	assert.Greater(t, len(all), 60)
	assert.Contains(t, body, `id="variant-filter"`)
	assert.Regexp(t, `id="variant-count"[^>]*>\d+ variants\.`, body)
	// A card shows its mechanisms, each a link that filters by it.
	assert.Regexp(t, `(?s)data-variant="mancala/bao".*?<a class="tag" href="/variants\?mech=relay"[^>]*>relay sowing</a>`, body)
}

// The filters narrow the list by query parameters (the form's GET, with or without
// JavaScript): by family, region, mechanism and words, together.
func TestVariantsPageFilters(t *testing.T) {
	c := newClient(t, newServer(t, Config{}))
	for _, tc := range []struct {
		name    string
		query   url.Values
		has     []string
		hasNot  []string
		groups  []string // exactly, when not nil
		atLeast int
	}{
		{name: "family", query: url.Values{"family": {"ludo"}}, has: []string{"ludo", "ludo/danish"}, hasNot: []string{"kalah", "mancala/bao"}, groups: []string{"ludo"}},
		{name: "region", query: url.Values{"region": {"West Africa"}}, has: []string{"oware", "mancala/awari"}, hasNot: []string{"mancala/bao", "kalah/pie"}, groups: []string{"mancala / West Africa"}},
		{name: "relay", query: url.Values{"mech": {"relay"}}, has: []string{"mancala/bao", "mancala/pallanguzhi", "mancala/hus"}, hasNot: []string{"kalah", "oware"}, atLeast: 15},
		{name: "four rows", query: url.Values{"mech": {"four-rows"}}, has: []string{"kalah/4-rows", "mancala/bao", "mancala/omweso"}, hasNot: []string{"kalah", "mancala/pallanguzhi"}},
		{name: "chosen direction", query: url.Values{"mech": {"chosen-direction"}}, has: []string{"mancala/bao"}, hasNot: []string{"mancala/hus"}},
		{name: "relay in southern africa", query: url.Values{"mech": {"four-rows"}, "region": {"Southern Africa"}}, has: []string{"mancala/hus", "mancala/tshuba"}, hasNot: []string{"mancala/bao", "kalah/4-rows"}, groups: []string{"mancala / Southern Africa"}},
		{name: "words", query: url.Values{"q": {"grand slam"}}, has: []string{"oware/grand-slam-all", "oware"}, hasNot: []string{"kalah", "mancala/bao"}},
		{name: "words any case, every word", query: url.Values{"q": {"CONNECT four"}}, has: []string{"tictactoe/connect-four"}, hasNot: []string{"tictactoe", "kalah"}},
		{name: "a mechanism by its label", query: url.Values{"q": {"pie rule"}}, has: []string{"kalah/pie"}, hasNot: []string{"kalah"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, body := c.get("/variants?" + tc.query.Encode())
			require.Equal(t, http.StatusOK, code)
			shown := shownVariants(body)
			for _, v := range tc.has {
				assert.Contains(t, shown, v)
			}
			for _, v := range tc.hasNot {
				assert.NotContains(t, shown, v)
			}
			if tc.groups != nil {
				assert.Equal(t, tc.groups, shownGroups(body))
			}
			assert.GreaterOrEqual(t, len(shown), tc.atLeast)
			assert.Regexp(t, `id="variant-count"[^>]*>`+strconv.Itoa(len(shown))+` of \d+ variants match\.`, body)
			// The form shows what it filters by.
			if m := tc.query.Get("mech"); m != "" {
				assert.Contains(t, body, `<option value="`+m+`" selected`)
			}
			if q := tc.query.Get("q"); q != "" {
				assert.Contains(t, body, `name="q" value="`+q+`"`)
			}
		})
	}
}

// A filter that matches nothing says so; one naming an unknown family, region or
// mechanism is refused with the values allowed.
func TestVariantsPageFilterErrors(t *testing.T) {
	c := newClient(t, newServer(t, Config{}))
	code, body := c.get("/variants?q=no+such+game+anywhere")
	assert.Equal(t, http.StatusOK, code)
	assert.Empty(t, shownVariants(body))
	assert.Contains(t, body, `id="variant-none"`)

	for _, tc := range []struct{ query, want string }{
		{"mech=relays", `mechanism &#34;relays&#34;: there is no such mechanism; the mechanisms are relay, four-rows, chosen-direction`},
		{"family=mancalla", `family &#34;mancalla&#34;: no variant belongs to it; the families are checkers, kalah, ludo, mancala, tictactoe`},
		{"region=Mars", `region &#34;Mars&#34;: no variant is played there; the regions are `},
	} {
		code, body := c.get("/variants?" + tc.query)
		assert.Equal(t, http.StatusBadRequest, code, tc.query)
		assert.Contains(t, body, tc.want, tc.query)
		assert.Contains(t, body, `id="filter-error"`)
	}
}

// The variant page names its group (a link to the filtered list) and its mechanisms.
func TestVariantPageMechanisms(t *testing.T) {
	c := newClient(t, newServer(t, Config{}))
	code, body := c.get("/variant?name=mancala/bao")
	require.Equal(t, http.StatusOK, code)
	assert.Contains(t, body, `<a href="/variants?family=mancala&amp;region=East%20Africa">mancala / East Africa</a>`)
	for _, label := range []string{"relay sowing", "four rows", "chosen direction", "captures sown on"} {
		assert.Contains(t, body, ">"+label+"</a>")
	}
}
