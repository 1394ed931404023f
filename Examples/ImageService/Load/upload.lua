-- wrk script: POST a JPEG to /v1/images, made distinct per request by a JPEG comment segment (COM,
-- 0xFFFE) after the SOI marker, so every upload is a new image to decode and store, not a duplicate.
--   wrk ... -s upload.lua URL -- PHOTO.jpg RUN_TOKEN
-- Prints the status counts and the latency percentiles at the end.
local threads = {}
local next_thread = 0

function setup(thread)
    next_thread = next_thread + 1
    thread:set("thread_number", next_thread)
    table.insert(threads, thread)
end

function init(args)
    local file = assert(io.open(args[1], "rb"))
    local photo = file:read("*all")
    file:close()
    assert(photo:sub(1, 2) == "\255\216", args[1] .. " is not a JPEG")
    soi, rest = photo:sub(1, 2), photo:sub(3)
    token = args[2] or tostring(os.time())
    counter = 0
    statuses = {}
end

function request()
    counter = counter + 1
    local comment = string.format("wrk %s %d %d", token, thread_number, counter)
    local length = #comment + 2
    local segment = "\255\254" .. string.char(math.floor(length / 256), length % 256) .. comment
    return wrk.format("POST", nil, { ["Content-Type"] = "image/jpeg" }, soi .. segment .. rest)
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
    io.write(string.format("p50_ms %.2f\np95_ms %.2f\np99_ms %.2f\n", latency:percentile(50) / 1000, latency:percentile(95) / 1000,
                           latency:percentile(99) / 1000))
    io.write(string.format("socket_errors %d\n", summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
end
