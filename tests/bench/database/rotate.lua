-- wrk script of the database benchmarks: request n carries Cookie header n of the file named by
-- COOKIES (one header per line), round robin; answers without a user are counted and printed
-- as "misses N".
local cookies = {}
for line in io.lines(os.getenv("COOKIES")) do cookies[#cookies + 1] = line end
local n = 0
misses = 0 -- a global: done() reads it from each thread
local threads = {}
function setup(thread) table.insert(threads, thread) end
function request()
  n = n + 1
  return wrk.format("GET", nil, { ["Cookie"] = cookies[n % #cookies + 1] })
end
function response(status, headers, body)
  if not string.find(body, '"user"', 1, true) then misses = misses + 1 end
end
function done()
  local total = 0
  for _, t in ipairs(threads) do total = total + t:get("misses") end
  io.write(string.format("misses %d\n", total))
end
