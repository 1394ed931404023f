-- wrk script: GET one URL (a cached thumbnail); prints the status counts and latency percentiles.
local threads = {}

function setup(thread)
    table.insert(threads, thread)
end

function init(args)
    statuses = {}
end

function response(status, headers, body)
    statuses[status] = (statuses[status] or 0) + 1
end

function done(summary, latency, requests)
    local total = {}
    for _, thread in ipairs(threads) do
        for status, count in pairs(thread:get("statuses")) do total[status] = (total[status] or 0) + count end
    end
    for status, count in pairs(total) do io.write(string.format("status %d %d\n", status, count)) end
    io.write(string.format("completed %d\nseconds %.3f\n", summary.requests, summary.duration / 1e6))
    io.write(string.format("p50_ms %.2f\np99_ms %.2f\n", latency:percentile(50) / 1000, latency:percentile(99) / 1000))
    io.write(string.format("socket_errors %d\n", summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
end
