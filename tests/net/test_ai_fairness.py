"""Issue 41, failure 3: abandoned all-AI tables starved everyone's AI seats. The AI
decisions are served round-robin, first across owners (the address that created the
table), then across each owner's tables, one decision of a table in flight at a time: a
table, or an owner's twelve tables, with many decisions waiting delays another table's next
decision by at most one decision (besides the one in flight when it asked). A fake AI
worker (futures the test completes one by one) makes the order of service exact."""

from __future__ import annotations

import asyncio

from game.net.ai_seats import AiRunner


def serve(asks: list[tuple], slots: int = 1) -> tuple[list[int], int]:
    """Ask every ``(table, seed[, owner])`` at once, then let a fake worker answer one decision at a
    time; the seeds in the order they were started, and the most in flight at once."""

    async def main() -> tuple[list[int], int]:
        runner = AiRunner(0)
        runner.queue.slots = slots
        running: list[asyncio.Future] = []
        order: list[int] = []
        most = 0

        def start(job: tuple) -> asyncio.Future:
            nonlocal most
            fut = asyncio.get_running_loop().create_future()
            order.append(job[4])  # the decision's seed
            running.append(fut)
            most = max(most, sum(not f.done() for f in running))
            return fut

        runner.queue.start = start
        try:
            answers = [
                runner.ask("hard", None, None, [], a[1], a[0], *a[2:])  # type: ignore[arg-type]
                for a in asks
            ]
            for _ in range(10 * len(asks)):  # bounded: each pass answers one decision
                waiting = [f for f in running if not f.done()]
                if not waiting:
                    break
                waiting[0].set_result(f"move {order[running.index(waiting[0])]}")
                await asyncio.sleep(0)
            await asyncio.wait_for(asyncio.gather(*answers), 5)
            assert [a.result() for a in answers] == [f"move {a[1]}" for a in asks]
        finally:
            runner.close()
        return order, most

    return asyncio.run(main())


def test_one_busy_table_delays_another_by_one_decision() -> None:
    order, _ = serve([("busy", 1), ("busy", 2), ("busy", 3), ("busy", 4), ("honest", 100)])
    assert order == [1, 100, 2, 3, 4]


def test_twelve_abandoned_tables_delay_an_honest_table_by_one_decision_each() -> None:
    asks = [(f"ai{t}", t * 10 + k) for t in range(12) for k in range(4)]
    order, _ = serve([*asks, ("honest", 999)])
    assert order.index(999) == 12  # after one decision of each of the 12, not all 48


def test_twelve_tables_of_one_address_delay_another_table_by_one_decision() -> None:
    asks = [(f"ai{t}", t * 10 + k, "127.0.0.66") for t in range(12) for k in range(4)]
    order, _ = serve([*asks, ("honest", 999, "127.0.0.1")])
    # the decision in flight when it asked, one more of the owner ahead of it in line:
    # not the twelve tables' forty-seven
    assert order.index(999) == 2


def test_a_table_has_one_decision_in_flight_at_a_time() -> None:
    asks = [("a", 1), ("a", 2), ("a", 3), ("b", 4)]
    order, most = serve(asks, slots=3)
    assert most == 2  # a and b, never two of a's, though three workers are free
    assert order[:2] == [1, 4]
