package io.drivelab.ui.targets;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import io.drivelab.run.RunSession;
import io.drivelab.ui.common.FileDialogs;
import javafx.beans.binding.Bindings;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;

/** The targets column: one card per target, ticked to run on it, with its badge. */
public final class TargetsView extends VBox {
    private final TargetsViewModel model;
    private final FileDialogs dialogs;
    private final VBox cards = new VBox(8);
    /** The badge of each card, shown again when this window's run starts or ends. */
    private final Map<Label, Target> badges = new LinkedHashMap<>();

    public TargetsView(TargetsViewModel model, FileDialogs dialogs) {
        this.model = model;
        this.dialogs = dialogs;
        getStyleClass().add("column");
        setId("targets");
        Label title = new Label("1  Targets");
        title.getStyleClass().add("section-title");
        Label hint = new Label("Tick one or more.");
        hint.getStyleClass().add("hint");
        hint.setWrapText(true);
        ChoiceBox<RunSession.Order> order = new ChoiceBox<>(FXCollections.observableArrayList(
                RunSession.Order.values()));
        order.setId("run-order");
        order.setConverter(new StringConverter<>() {
            @Override
            public String toString(RunSession.Order o) {
                return o == RunSession.Order.TOGETHER ? "at the same time" : "one after another";
            }

            @Override
            public RunSession.Order fromString(String text) {
                return RunSession.Order.ONE_AFTER_ANOTHER;
            }
        });
        order.valueProperty().bindBidirectional(model.orderProperty());
        order.setTooltip(new Tooltip("At the same time: every ticked target measures each point together"));
        HBox orderRow = new HBox(6, hint("Run them"), order);
        orderRow.setAlignment(Pos.CENTER_LEFT);
        CheckBox stopOthers = new CheckBox("If one target fails, stop the others");
        stopOthers.setId("stop-others");
        stopOthers.setWrapText(true);
        stopOthers.selectedProperty().bindBidirectional(model.stopOthersOnFailureProperty());
        stopOthers.disableProperty().bind(model.togetherProperty().not());
        stopOthers.setTooltip(new Tooltip("With targets running at the same time: when one fails (say its host "
                + "stops answering), the others stop too, keep what they measured and can be resumed from History. "
                + "Unticked, they go on."));
        ScrollPane scroll = new ScrollPane(cards);
        scroll.setFitToWidth(true);
        scroll.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        VBox.setVgrow(scroll, Priority.ALWAYS);
        Label drives = new Label();
        drives.textProperty().bind(model.drivesMessageProperty());
        drives.getStyleClass().add("hint");
        Button refresh = new Button("Refresh");
        refresh.setId("refresh-drives");
        refresh.setOnAction(e -> model.refresh());
        Button addRemote = new Button("Add remote host");
        addRemote.setId("add-remote");
        addRemote.setTooltip(new Tooltip("A file or device on another machine, measured through its fio server "
                + "(fio --server there)"));
        addRemote.setOnAction(e -> model.addRemote("", ""));
        // the message on a line of its own: beside the buttons, the column's width cut all three short
        drives.setWrapText(true);
        addRemote.setMinWidth(Region.USE_PREF_SIZE);
        refresh.setMinWidth(Region.USE_PREF_SIZE);
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox buttons = new HBox(8, addRemote, spacer, refresh);
        buttons.setAlignment(Pos.CENTER_LEFT);
        getChildren().addAll(title, hint, orderRow, stopOthers, scroll, drives, buttons);
        model.targets().addListener((ListChangeListener<Target>) c -> {
            boolean structural = false;
            while (c.next()) {
                structural |= c.wasAdded() || c.wasRemoved();
            }
            if (structural) {
                rebuild();
            }
        });
        model.testingProperty().addListener((o, was, now) -> badges.forEach(this::showBadge));
        rebuild();
    }

    /** The badge as the model says it now: the target's own, or "testing" while this window's run works on it. */
    private void showBadge(Label badge, Target target) {
        Target.Badge shown = model.badgeOf(target);
        badge.setText(shown.label());
        badge.getStyleClass().setAll("label", "badge", "badge-" + shown.name().toLowerCase(Locale.ROOT)
                .replace('_', '-'));
        String reason = model.badgeReasonOf(target);
        badge.setTooltip(reason.isEmpty() ? null : new Tooltip(reason));
    }

    private void rebuild() {
        badges.clear();
        cards.getChildren().clear();
        for (Target t : model.targets()) {
            cards.getChildren().add(card(t));
        }
    }

    private VBox card(Target target) {
        CheckBox tick = new CheckBox(target.title());
        tick.selectedProperty().bindBidirectional(target.selectedProperty());
        tick.getStyleClass().add("target-title");
        tick.setId(target instanceof Target.TestFile ? "target-file" : target instanceof Target.Remote r
                ? "target-remote-" + model.remotes().indexOf(r) : "target-" + target.path().getFileName());
        tick.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(tick, Priority.ALWAYS);
        Label badge = new Label();
        badge.setId(tick.getId() + "-badge");
        badge.setMinWidth(Region.USE_PREF_SIZE);
        showBadge(badge, target);
        badges.put(badge, target);
        HBox head = new HBox(6, tick, badge);
        head.setAlignment(Pos.CENTER_LEFT);
        VBox card = new VBox(head);
        card.getStyleClass().add("target-card");
        if (target instanceof Target.TestFile file) {
            card.getChildren().add(fileRows(file));
        } else if (target instanceof Target.Remote remote) {
            card.getChildren().add(remoteRows(remote, model.remotes().indexOf(remote)));
        } else {
            for (String line : target.details()) {
                card.getChildren().add(hint(line));
            }
        }
        if (!target.badgeReason().isEmpty()) {
            card.getChildren().add(hint(target.badgeReason()));
        }
        return card;
    }

    private VBox fileRows(Target.TestFile file) {
        TextField folder = new TextField();
        folder.setId("file-folder");
        folder.textProperty().bindBidirectional(file.folderProperty());
        HBox.setHgrow(folder, Priority.ALWAYS);
        Button choose = new Button("Choose…");
        choose.setMinWidth(Region.USE_PREF_SIZE);
        choose.setOnAction(e -> dialogs.chooseFolder("Folder for the test file", Path.of(file.folderProperty()
                .get())).ifPresent(p -> file.folderProperty().set(p.toString())));
        TextField size = new TextField();
        size.setId("file-size");
        size.setPrefColumnCount(6);
        size.textProperty().bindBidirectional(file.sizeProperty());
        Label name = hint(Target.TestFile.FILE_NAME + " in");
        HBox folderRow = new HBox(6, folder, choose);
        folderRow.setAlignment(Pos.CENTER_LEFT);
        HBox sizeRow = new HBox(6, new Label("Size"), size, hint("e.g. 512M, 4G"));
        sizeRow.setAlignment(Pos.CENTER_LEFT);
        Label safe = hint("A file on a filesystem: nothing else is written. DriveLab creates it and removes it "
                + "when the run completes.");
        safe.setWrapText(true);
        Label inMemory = new Label();
        inMemory.setId("file-in-memory");
        inMemory.getStyleClass().add("problem");
        inMemory.setWrapText(true);
        inMemory.textProperty().bind(file.inMemoryProperty());
        inMemory.visibleProperty().bind(file.inMemoryProperty().isNotEmpty());
        inMemory.managedProperty().bind(inMemory.visibleProperty());
        return new VBox(4, name, folderRow, sizeRow, safe, inMemory);
    }

    /** Host (HOST or HOST:PORT) and the path there, with what is wrong with them, and a button to remove it. */
    private VBox remoteRows(Target.Remote remote, int index) {
        TextField host = new TextField();
        host.setId("remote-host-" + index);
        host.setPromptText("HOST or HOST:PORT");
        host.textProperty().bindBidirectional(remote.hostProperty());
        HBox.setHgrow(host, Priority.ALWAYS);
        TextField there = new TextField();
        there.setId("remote-path-" + index);
        there.setPromptText("/dev/nvme1n1 or /data/drivelab.img");
        there.textProperty().bindBidirectional(remote.pathThereProperty());
        HBox.setHgrow(there, Priority.ALWAYS);
        Button remove = new Button("Remove");
        remove.setId("remote-remove-" + index);
        remove.setMinWidth(Region.USE_PREF_SIZE);
        remove.setOnAction(e -> model.removeRemote(remote));
        Button check = new Button("Check");
        check.setId("remote-check-" + index);
        check.setMinWidth(Region.USE_PREF_SIZE);
        check.setTooltip(new Tooltip("Ask the fio server there whether it answers and which fio it runs"));
        check.setOnAction(e -> model.checkServer(remote));
        // asked when the host is typed (Enter or leaving the field) and when the row first shows it
        host.setOnAction(e -> model.checkServer(remote));
        host.focusedProperty().addListener((o, was, now) -> {
            if (!now && remote.serverProperty().get().isEmpty()) {
                model.checkServer(remote);
            }
        });
        if (remote.hostProperty().get() != null && !remote.hostProperty().get().isBlank()
                && remote.serverProperty().get().isEmpty()) {
            model.checkServer(remote);
        }
        Label server = new Label();
        server.setId("remote-server-" + index);
        server.setWrapText(true);
        server.textProperty().bind(remote.serverProperty());
        server.visibleProperty().bind(server.textProperty().isNotEmpty());
        server.managedProperty().bind(server.visibleProperty());
        HBox hostRow = new HBox(6, fixed("Host"), host, check, remove);
        hostRow.setAlignment(Pos.CENTER_LEFT);
        HBox pathRow = new HBox(6, fixed("Path"), there);
        pathRow.setAlignment(Pos.CENTER_LEFT);
        Label problem = new Label();
        problem.setId("remote-problem-" + index);
        problem.getStyleClass().add("problem");
        problem.setWrapText(true);
        problem.textProperty().bind(Bindings.createStringBinding(() -> remote.problem().orElse(""),
                remote.hostProperty(), remote.pathThereProperty()));
        problem.visibleProperty().bind(problem.textProperty().isNotEmpty());
        problem.managedProperty().bind(problem.visibleProperty());
        Label about = hint("Measured by the fio server there (fio --server, port 8765 unless given), through fio "
                + "on this machine; a file there is laid out at the test file's size. fio refuses to write to a "
                + "mounted device.");
        return new VBox(4, hostRow, server, pathRow, problem, about);
    }

    private static Label fixed(String text) {
        Label label = new Label(text);
        label.setMinWidth(Region.USE_PREF_SIZE);
        return label;
    }

    private static Label hint(String text) {
        Label label = new Label(text);
        label.getStyleClass().add("hint");
        label.setWrapText(true);
        return label;
    }
}
