package web

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"time"
)

// Admission control of the Try page's checks and studies, the requests that run a
// stranger's Lua code for seconds at a time.
//
// Checks and studies each have a number of slots (Config.MaxChecks, Config.MaxStudies);
// a request that finds its kind's slots full waits in a small queue shared by both
// (Config.MaxWaiting, for at most Config.QueueWait), and one that finds the queue full
// too is refused at once with 503 and a Retry-After. A session has at most
// Config.SessionJobs checks and studies running or waiting; one more is refused with 429
// and a Retry-After. Both refusals are the Try page with the user's script kept and a
// sentence saying what to do. So however many requests arrive, the Lua code running at
// once is bounded (with the global memory budget of the Lua states, its memory too),
// and the other sessions are served.

// admission is the queue and slots of the checks and studies.
type admission struct {
	checks, studies chan struct{} // a token for each running job, by kind
	retry           time.Duration // what Retry-After says (a job's time limit)

	mu         sync.Mutex
	waiting    int            // requests in the queue
	maxWaiting int            // the queue's length
	perSession int            // jobs a session may have running or waiting
	wait       time.Duration  // the longest a request waits in the queue
	bySession  map[string]int // jobs running or waiting, by session id
}

func newAdmission(cfg Config) *admission {
	return &admission{
		checks: make(chan struct{}, cfg.MaxChecks), studies: make(chan struct{}, cfg.MaxStudies),
		retry: cfg.MaxStudyTime, maxWaiting: max(cfg.MaxWaiting, 0), perSession: cfg.SessionJobs,
		wait: cfg.QueueWait, bySession: map[string]int{},
	}
}

// refusal is a request that admission turned away: its status (429 or 503), the
// Retry-After in seconds and a sentence for the user.
type refusal struct {
	code  int
	after int
	msg   string
}

func (e *refusal) Error() string { return e.msg }

// jobKind names a kind of job for messages.
func (a *admission) jobKind(slots chan struct{}) string {
	if slots == a.studies {
		return "studies"
	}
	return "checks"
}

// admit waits for one of slots (a.checks or a.studies) for the session sid, in the
// queue if they are all taken. It returns the function that gives the slot back, or a
// *refusal, or ctx's error when the request went away while it waited.
func (a *admission) admit(ctx context.Context, sid string, slots chan struct{}) (func(), error) {
	a.mu.Lock()
	if a.bySession[sid] >= a.perSession {
		a.mu.Unlock()
		return nil, &refusal{code: http.StatusTooManyRequests, after: a.retryAfter(),
			msg: fmt.Sprintf("this session already has %d checks or studies under way (at most %d at once): wait for them to finish, or close the other tabs that asked for them, then try again", a.perSession, a.perSession)}
	}
	select {
	case slots <- struct{}{}:
		a.bySession[sid]++
		a.mu.Unlock()
		return a.releaser(sid, slots), nil
	default:
	}
	if a.waiting >= a.maxWaiting {
		a.mu.Unlock()
		return nil, a.busy(slots)
	}
	a.waiting++
	a.bySession[sid]++
	a.mu.Unlock()
	leave := func() {
		a.mu.Lock()
		defer a.mu.Unlock()
		a.waiting--
		a.unsession(sid)
	}
	timer := time.NewTimer(a.wait)
	defer timer.Stop()
	select {
	case slots <- struct{}{}:
		a.mu.Lock()
		a.waiting--
		a.mu.Unlock()
		return a.releaser(sid, slots), nil
	case <-ctx.Done():
		leave()
		return nil, ctx.Err()
	case <-timer.C:
		leave()
		return nil, a.busy(slots)
	}
}

// busy is the refusal of a full server.
func (a *admission) busy(slots chan struct{}) *refusal {
	return &refusal{code: http.StatusServiceUnavailable, after: a.retryAfter(),
		msg: fmt.Sprintf("the server is busy: %d %s are running (the most it runs at once) and %d more are waiting; try again in %d seconds",
			cap(slots), a.jobKind(slots), a.maxWaiting, a.retryAfter())}
}

// retryAfter is the Retry-After of a refusal, in seconds: a job's time limit, by when
// the jobs running now have ended.
func (a *admission) retryAfter() int { return max(1, int((a.retry+time.Second-1)/time.Second)) }

// releaser returns the function that gives a slot back, once.
func (a *admission) releaser(sid string, slots chan struct{}) func() {
	var once sync.Once
	return func() {
		once.Do(func() {
			<-slots
			a.mu.Lock()
			defer a.mu.Unlock()
			a.unsession(sid)
		})
	}
}

// unsession counts one job of sid less (under a.mu).
func (a *admission) unsession(sid string) {
	if a.bySession[sid]--; a.bySession[sid] <= 0 {
		delete(a.bySession, sid)
	}
}

// writeRetry sets the Retry-After of a refusal.
func writeRetry(w http.ResponseWriter, r *refusal) {
	w.Header().Set("Retry-After", strconv.Itoa(r.after))
}
