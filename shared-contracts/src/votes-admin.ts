/**
 * Vote review in the back office (issue 8): per entry the votes over time and by hashed network address, bursts flagged, removal with a reason; what the club sees of removed votes.
 */

export {};
